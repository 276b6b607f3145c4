// The Look, Search and sharing, and Demo groups: the accent and default theme, what search
// engines and link previews read, and whether the token demo is on.
import { SETTINGS_LIMITS } from '#src/contract/owner/settings'
import { EditorCheckbox } from '#client/ui/editor/editor-checkbox'
import { SettingsAccent } from './settings-accent'
import { SettingsField } from './settings-field'
import type { SettingsFormState } from './use-settings-form'

const THEMES = [
  ['dark', 'Dark'],
  ['light', 'Light'],
] as const

export function SettingsLook({ form }: { form: SettingsFormState }) {
  const { values, errors, set } = form
  return (
    <>
      <fieldset className="settings-group">
        <legend>Look</legend>
        <SettingsAccent value={values.accent} error={errors.accent} onChange={(v) => set('accent', v)} />
        <fieldset className="settings-radios" aria-describedby="settings-defaultTheme-help">
          <legend>Default theme</legend>
          <div className="settings-radio-row">
            {THEMES.map(([value, label]) => (
              <label key={value} className="settings-radio">
                <input type="radio" name="defaultTheme" value={value} checked={values.defaultTheme === value} onChange={() => set('defaultTheme', value)} />
                {label}
              </label>
            ))}
          </div>
          <p className="help" id="settings-defaultTheme-help">
            What visitors see until they pick a theme themselves.
          </p>
          {errors.defaultTheme && <p className="field-error">{errors.defaultTheme}</p>}
        </fieldset>
      </fieldset>
      <fieldset className="settings-group">
        <legend>Search and sharing</legend>
        <SettingsField id="settings-seoTitle" label="Search title" maxLength={SETTINGS_LIMITS.line} value={values.seoTitle} error={errors.seoTitle} onChange={(v) => set('seoTitle', v)} help="Empty: the site name." />
        <SettingsField
          id="settings-seoDescription"
          label="Search description"
          rows={3}
          maxLength={SETTINGS_LIMITS.seoDescription}
          value={values.seoDescription}
          error={errors.seoDescription}
          onChange={(v) => set('seoDescription', v)}
          help="The summary search engines and link previews show."
        />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Demo</legend>
        <EditorCheckbox
          form="settings"
          name="demoEnabled"
          label="Show the token demo (/demo/dapp)"
          value={String(values.demoEnabled)}
          error={errors.demoEnabled}
          onChange={(v) => set('demoEnabled', v === 'true')}
          help="Off: the demo page answers 404 and no page links it."
        />
      </fieldset>
    </>
  )
}
