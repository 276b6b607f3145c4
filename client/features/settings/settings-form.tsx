// The settings form (contract "Site settings"): every field in groups, one Save that sends only
// what changed, the server's messages beside their fields and the rest in an alert.
import type { Settings } from './api'
import { SETTINGS_TEXTS } from './api'
import { SettingsIdentity } from './settings-identity'
import { SettingsLinks } from './settings-links'
import { SettingsLook } from './settings-look'
import { useSettingsForm } from './use-settings-form'

/** The shortcut's modifier as the keyboard labels it. */
const MOD_KEY = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl'

export function SettingsForm({ settings }: { settings: Settings }) {
  const form = useSettingsForm(settings)
  const { failure } = form
  return (
    <form ref={form.form} className="settings-form" noValidate onSubmit={form.submit} aria-label="Site settings">
      <SettingsIdentity form={form} />
      <SettingsLinks form={form} />
      <SettingsLook form={form} />
      {failure && (
        <div className="form-error settings-alert" role="alert" tabIndex={-1}>
          <p>{failure.title}</p>
          {failure.lines.length > 0 && (
            <ul>
              {failure.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="settings-actions">
        <button type="submit" className="button primary" aria-disabled={form.saving || undefined}>
          {form.saving ? SETTINGS_TEXTS.saving : SETTINGS_TEXTS.save}
        </button>
        <a href="/" className="settings-view-site" target="_blank" rel="noopener">
          View site<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <p className="settings-state" aria-live="polite">
          {form.dirty ? 'Unsaved changes' : ''}
        </p>
        <p className="settings-shortcut help">
          <kbd>{MOD_KEY}</kbd>+<kbd>S</kbd> saves
        </p>
      </div>
    </form>
  )
}
