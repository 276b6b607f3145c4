// /admin/settings (issue 19, contract "Site settings"): the owner's site settings, and below
// them the notification channels with "Send test notification".
import { useQuery } from '@tanstack/react-query'
import { TestNotificationButton } from '#client/features/notifications/test-notification-button'
import { SETTINGS_TEXTS, settingsQuery } from '#client/features/settings/api'
import { SettingsForm } from '#client/features/settings/settings-form'
import { errorMessageOf } from '#client/lib/admin-api'

export function SettingsScreen() {
  const settings = useQuery(settingsQuery)
  return (
    <section className="screen settings" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <p className="settings-intro">What visitors see of you: the public pages show a saved change on their next load.</p>
      {settings.isPending && <p role="status">Loading…</p>}
      {settings.isError && (
        <p className="form-error" role="alert">
          {errorMessageOf(settings.error, SETTINGS_TEXTS.loadFailed)}
        </p>
      )}
      {settings.data && <SettingsForm settings={settings.data} />}
      <section className="settings-group settings-notifications" aria-labelledby="settings-notifications-title">
        <h2 id="settings-notifications-title">Notifications</h2>
        <TestNotificationButton />
      </section>
    </section>
  )
}
