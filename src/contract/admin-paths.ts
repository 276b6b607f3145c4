// The admin API's paths (contract.md), under API_PREFIX like paths.api, with the rule of ./paths.ts:
// each dynamic segment through encodeURIComponent. Import it as a namespace (`import * as
// adminPaths`). NOTE: a module of its own so the public site's first load never carries it; the
// analytics ones are ANALYTICS_PATHS (./analytics-paths.ts).

const segment = encodeURIComponent

/** The two content editors of the admin, whose paths differ only by this name. */
export type ContentScreen = 'projects' | 'posts'

export const login = '/admin/login'
export const logout = '/admin/logout'
export const me = '/admin/me'
/** GET, public: 200 `{authenticated}` whether or not this browser is signed in (the shell's check). */
export const session = '/admin/session'
/** The first run: GET says whether an admin exists, POST creates it (public, outside the boundary). */
export const setup = '/admin/setup'
/** A content screen's list (GET) and where a new item is created (POST). */
export const items = (screen: ContentScreen) => `/admin/${screen}`
/** One project or post (PUT, DELETE), by its slug before any rename. */
export const item = (screen: ContentScreen, slug: string) => `/admin/${screen}/${segment(slug)}`
export const reorderProjects = '/admin/projects/reorder'
export const messages = '/admin/messages'
export const message = (id: string) => `/admin/messages/${segment(id)}`
export const archiveMessage = (id: string) => `/admin/messages/${segment(id)}/archive`
export const messagesExport = '/admin/messages/export'
export const eraseMessages = '/admin/messages/erase'
/** POST: the admin opened the inbox, so the nav's unread count starts again from zero. */
export const messagesOpened = '/admin/messages/opened'
/** GET: the notification channels and the outbox at a glance. */
export const notifications = '/admin/notifications'
/** POST: one test notification to each configured channel. */
export const notificationsTest = '/admin/notifications/test'
export const preview = '/admin/preview'
export const previewLinks = '/admin/preview-links'
export const resumeSignUrl = '/admin/resume/sign-url'
export const resumeLinks = '/admin/resume/links'
export const resumeFile = '/admin/resume/file'
export const uploads = '/admin/uploads'
/** GET the owner's site settings; PUT any subset of them. */
export const settings = '/admin/settings'
/** GET how many seeded items are left; DELETE removes them. */
export const sampleContent = '/admin/sample-content'
export const backups = '/admin/backups'
export const backup = (name: string) => `/admin/backups/${segment(name)}`
export const contentExport = '/admin/content/export'
export const contentImport = '/admin/content/import'
export const lexicon = '/admin/skills/lexicon'
export const lexiconItem = (id: string) => `/admin/skills/lexicon/${segment(id)}`
export const reorderLexicon = '/admin/skills/lexicon/reorder'
export const overrides = '/admin/skills/overrides'
export const override = (name: string) => `/admin/skills/overrides/${segment(name)}`
/** Sign-in methods (issue 23). GET: passkeys, the second factor, password policy, sessions. */
export const security = '/admin/security'
/** PUT `{enabled}`: password sign-in on or off (off only with a passkey). */
export const passwordSignIn = '/admin/security/password-sign-in'
/** POST: registration options for a new passkey; then POST the browser's answer to `passkeys`. */
export const passkeyOptions = '/admin/passkeys/options'
export const passkeys = '/admin/passkeys'
/** PATCH `{name}`, DELETE. */
export const passkey = (id: string) => `/admin/passkeys/${segment(id)}`
/** Public: POST for a sign-in challenge, then POST the browser's answer to `passkeyLogin`. */
export const passkeyLoginOptions = '/admin/login/passkey/options'
export const passkeyLogin = '/admin/login/passkey'
/** POST: a new secret to enrol (QR code); POST `{code}` to `totpEnable`; POST `{code}` to `totpDisable` turns it off. */
export const totpSetup = '/admin/totp/setup'
export const totpEnable = '/admin/totp/enable'
export const totpDisable = '/admin/totp/disable'
/** POST `{code}`: ten new recovery codes, the old ones void. */
export const recoveryCodes = '/admin/totp/recovery-codes'
/** DELETE: every session of the admin but this one. */
export const otherSessions = '/admin/sessions/others'
/** POST `{password, code?}`, or a passkey (options, then the answer): the session proves it is the owner again (decision 063). */
export const reauth = '/admin/reauth'
export const reauthPasskeyOptions = '/admin/reauth/passkey/options'
export const reauthPasskey = '/admin/reauth/passkey'
