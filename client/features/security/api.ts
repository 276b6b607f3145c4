// The sign-in methods calls (issue 23): the security overview, passkeys (add through the browser's
// WebAuthn, rename, remove), the authenticator app and its recovery codes, the password policy,
// ending the other sessions; and signing in with a passkey from the login screen.
import { startAuthentication, startRegistration, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as adminPaths from '#src/contract/admin-paths'
import type { PasskeyInfo, Reauthenticated, RecoveryCodes, SecurityOverview, SessionInfo, SignInMethod, TotpSetup } from '#src/contract/auth'
import type { OkBody } from '#src/contract/errors'
import { adminApi, withSession } from '#client/lib/admin-api'
import { useAskReauth, withReauth } from './reauth-context'

export type { PasskeyInfo, SecurityOverview, SessionInfo, SignInMethod, TotpSetup }

export const securityKey = ['admin', 'security'] as const
export const securityQuery = {
  queryKey: securityKey,
  queryFn: () => withSession(adminApi.get<SecurityOverview>(adminPaths.security)),
}
export const useSecurity = () => useQuery(securityQuery)

/**
 * A change to the sign-in methods: a 401 ends the session; a 403 `reauth_required` asks the owner
 * to confirm it is them and sends the change again; the overview reloads either way.
 */
function useSecurityChange<I, O>(call: (input: I) => Promise<O>) {
  const qc = useQueryClient()
  const ask = useAskReauth()
  return useMutation({
    mutationFn: (input: I) => withSession(withReauth(ask, () => call(input))),
    onSettled: () => qc.invalidateQueries({ queryKey: securityKey }),
  })
}

export const useSetPasswordSignIn = () =>
  useSecurityChange((enabled: boolean) => adminApi.put<{ passwordSignIn: boolean }>(adminPaths.passwordSignIn, { enabled }))

/** Options from the server, the browser's passkey dialog, then the new passkey saved under `name`. */
export const useAddPasskey = () =>
  useSecurityChange(async (name: string) => {
    const optionsJSON = await adminApi.post<PublicKeyCredentialCreationOptionsJSON>(adminPaths.passkeyOptions)
    const response = await startRegistration({ optionsJSON })
    return adminApi.post<PasskeyInfo>(adminPaths.passkeys, { name, response })
  })

export const useRenamePasskey = () =>
  useSecurityChange(({ id, name }: { id: string; name: string }) => adminApi.patch<PasskeyInfo>(adminPaths.passkey(id), { name }))

export const useRemovePasskey = () => useSecurityChange((id: string) => adminApi.del<OkBody>(adminPaths.passkey(id)))

export const useStartTotp = () => useSecurityChange(() => adminApi.post<TotpSetup>(adminPaths.totpSetup))
export const useEnableTotp = () => useSecurityChange((code: string) => adminApi.post<RecoveryCodes>(adminPaths.totpEnable, { code }))
export const useDisableTotp = () => useSecurityChange((code: string) => adminApi.post<OkBody>(adminPaths.totpDisable, { code }))
export const useNewRecoveryCodes = () => useSecurityChange((code: string) => adminApi.post<RecoveryCodes>(adminPaths.recoveryCodes, { code }))

export const useEndOtherSessions = () => useSecurityChange(() => adminApi.del<{ ended: number }>(adminPaths.otherSessions))

/**
 * The login screen's passkey sign-in: a challenge, the browser's passkey dialog, the answer.
 * NOTE: no withSession: a 401 here is a passkey that did not verify, not a session that ended.
 */
export async function signInWithPasskey(): Promise<void> {
  const optionsJSON = await adminApi.post<PublicKeyCredentialRequestOptionsJSON>(adminPaths.passkeyLoginOptions)
  const response = await startAuthentication({ optionsJSON })
  await adminApi.post<OkBody>(adminPaths.passkeyLogin, { response })
}

/** The session proves again it is the owner: the password (and code), or a passkey. */
export const reauthenticate = (input: { password: string; code?: string }) => adminApi.post<Reauthenticated>(adminPaths.reauth, input)
export async function reauthenticateWithPasskey(): Promise<Reauthenticated> {
  const optionsJSON = await adminApi.post<PublicKeyCredentialRequestOptionsJSON>(adminPaths.reauthPasskeyOptions)
  const response = await startAuthentication({ optionsJSON })
  return adminApi.post<Reauthenticated>(adminPaths.reauthPasskey, { response })
}

export const SECURITY_TEXTS = {
  loadFailed: 'Failed to load the sign-in methods',
  policyFailed: 'Failed to change password sign-in',
  addFailed: 'Failed to add the passkey',
  renameFailed: 'Failed to rename the passkey',
  removeFailed: 'Failed to remove the passkey',
  setupFailed: 'Failed to start the authenticator setup',
  codeFailed: 'That code did not work',
  sessionsFailed: 'Failed to sign out the other sessions',
  passkeySignInFailed: 'That passkey could not sign you in. Try again, or use your password.',
  reauthFailed: 'Could not confirm it is you. Try again.',
}
