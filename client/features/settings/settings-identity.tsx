// The Identity and About groups: who the site belongs to, as the home page's hero shows it.
import { SETTINGS_LIMITS } from '#src/contract/owner/settings'
import { SettingsField } from './settings-field'
import { SettingsPhoto } from './settings-photo'
import type { SettingsFormState } from './use-settings-form'

export function SettingsIdentity({ form }: { form: SettingsFormState }) {
  const { values, errors, set } = form
  return (
    <>
      <fieldset className="settings-group">
        <legend>Identity</legend>
        <div className="settings-pair">
          <SettingsField id="settings-siteName" label="Site name" required maxLength={SETTINGS_LIMITS.siteName} value={values.siteName} error={errors.siteName} onChange={(v) => set('siteName', v)} help="Your name or the site's: page titles, the footer and link previews use it." />
          <SettingsField id="settings-tagline" label="Tagline" maxLength={SETTINGS_LIMITS.line} value={values.tagline} error={errors.tagline} onChange={(v) => set('tagline', v)} help="One line under the headline." />
        </div>
        <SettingsField id="settings-heroTitle" label="Headline" required maxLength={SETTINGS_LIMITS.line} value={values.heroTitle} error={errors.heroTitle} onChange={(v) => set('heroTitle', v)} help="The big line at the top of the home page." />
        <SettingsField id="settings-heroSubtitle" label="Subtitle" rows={3} maxLength={SETTINGS_LIMITS.heroSubtitle} value={values.heroSubtitle} error={errors.heroSubtitle} onChange={(v) => set('heroSubtitle', v)} help="Shown on the home page when About is empty." />
        <SettingsPhoto avatar={values.avatar} name={values.siteName} error={errors.avatar} onChange={(v) => set('avatar', v)} />
      </fieldset>
      <fieldset className="settings-group">
        <legend>About</legend>
        <SettingsField id="settings-about" label="About you" rows={8} code maxLength={SETTINGS_LIMITS.about} value={values.about} error={errors.about} onChange={(v) => set('about', v)} help="Markdown. Shown on the home page." />
      </fieldset>
    </>
  )
}
