// The Links, Page intros and Skills page groups: the owner's profiles elsewhere (each a full
// address, the email a plain one) and the lines the list pages show under their headings.
import { LINK_KEYS, LINK_LABELS, SETTINGS_LIMITS } from '#src/contract/owner/settings'
import type { LinkKey } from '#src/contract/owner/social-links'
import { SettingsField } from './settings-field'
import { INTRO_KEYS } from './settings-values'
import type { SettingsFormState } from './use-settings-form'

const PLACEHOLDERS: Record<LinkKey, string> = {
  github: 'https://github.com/you',
  linkedin: 'https://www.linkedin.com/in/you',
  mastodon: 'https://mastodon.social/@you',
  bluesky: 'https://bsky.app/profile/you.bsky.social',
  x: 'https://x.com/you',
  website: 'https://example.com',
  email: 'you@example.com',
}
const INTRO_LABELS = { projects: 'Projects page', blog: 'Blog page', skills: 'Skills page' } as const

export function SettingsLinks({ form }: { form: SettingsFormState }) {
  const { values, errors, set, setLink, setIntro } = form
  return (
    <>
      <fieldset className="settings-group" aria-describedby="settings-links-help">
        <legend>Links</legend>
        <p className="settings-group-help" id="settings-links-help">Shown on the home page and in the footer; leave a field empty to hide it.</p>
        <div className="settings-grid">
          {LINK_KEYS.map((key) => (
            <SettingsField
              key={key}
              id={`settings-links-${key}`}
              label={LINK_LABELS[key]}
              type={key === 'email' ? 'email' : 'url'}
              maxLength={SETTINGS_LIMITS.url}
              placeholder={PLACEHOLDERS[key]}
              value={values.links[key]}
              error={errors[`links.${key}`]}
              onChange={(v) => setLink(key, v)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="settings-group" aria-describedby="settings-intros-help">
        <legend>Page intros</legend>
        <p className="settings-group-help" id="settings-intros-help">The line under each page&apos;s heading.</p>
        {INTRO_KEYS.map((key) => (
          <SettingsField key={key} id={`settings-intros-${key}`} label={INTRO_LABELS[key]} maxLength={SETTINGS_LIMITS.intro} value={values.intros[key]} error={errors[`intros.${key}`]} onChange={(v) => setIntro(key, v)} />
        ))}
      </fieldset>
      <fieldset className="settings-group">
        <legend>Skills page</legend>
        <SettingsField
          id="settings-quickTags"
          label="Quick tags"
          placeholder="React, Rust, FPGA"
          value={values.quickTags}
          error={errors.quickTags}
          onChange={(v) => set('quickTags', v)}
          help={`Quick links to projects with these tags (at most ${SETTINGS_LIMITS.quickTags}), separated by commas.`}
        />
      </fieldset>
    </>
  )
}
