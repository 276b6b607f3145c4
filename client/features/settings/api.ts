// The settings calls: the owner's site settings (read, save a patch), the photo's upload, and
// the sample content the demo seed left (count, remove).
import * as adminPaths from '#src/contract/admin-paths'
import type { Settings, SettingsPatch } from '#src/contract/owner/settings'
import { adminApi, withSession } from '#client/lib/admin-api'

export type { Settings, SettingsPatch }
export { uploadImage } from '#client/lib/editor/api'

export const settingsKey = ['admin', 'settings'] as const
export const settingsQuery = {
  queryKey: settingsKey,
  queryFn: () => withSession(adminApi.get<Settings>(adminPaths.settings)),
}

/** PUT answers the whole settings after the patch. */
export const saveSettings = (patch: SettingsPatch) => withSession(adminApi.put<Settings>(adminPaths.settings, patch))

export const sampleContentKey = ['admin', 'sample-content'] as const
export const sampleContentQuery = {
  queryKey: sampleContentKey,
  queryFn: () => withSession(adminApi.get<{ items: number }>(adminPaths.sampleContent)),
}

export const removeSampleContent = () => withSession(adminApi.del<{ ok: true; removed: number }>(adminPaths.sampleContent))

export const SETTINGS_TEXTS = {
  loadFailed: 'Failed to load settings',
  saveFailed: 'Failed to save settings',
  saving: 'Saving…',
  save: 'Save settings',
  saved: 'Settings saved.',
  nothingChanged: 'Nothing to save: no setting changed.',
  photoFailed: 'The photo could not be used',
}

export const SAMPLE_TEXTS = {
  title: 'This site still has sample content',
  /** "N sample items …": what the notice says is left. */
  line: (n: number) => `${n} sample ${n === 1 ? 'item' : 'items'} (posts, projects, skills) from the demo seed. Anything you created or edited stays.`,
  remove: 'Remove sample content',
  removing: 'Removing…',
  confirm: (n: number) => `Remove ${n} sample ${n === 1 ? 'item' : 'items'} and the sample photos for good? Anything you created or edited stays.`,
  removed: (n: number) => `Removed ${n} sample ${n === 1 ? 'item' : 'items'}.`,
  failed: 'Failed to remove the sample content',
}
