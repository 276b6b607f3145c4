// Auth room, its public face: what other features use of the admin, its sessions and the admin
// boundary (docs/architecture.md, "Import boundaries"). Signing in is built on these in
// src/features/sign-in-methods.
export { adminOf, isSameOrigin } from './admin-boundary'
export { LoginThrottle } from './login-throttle'
export { adminStamp, createSession, hashPassword, passwordSignInAllowed, sessionAdmin, upgradeHash, verifyCredentials, type Admin, type SessionOf } from './service'
export { cookieValue, sessionCookie } from './session-cookie'
