// /admin/security and the login screen's sign-in methods (issue 23) under happy-dom with a faked
// API: passkeys and sessions listed, the password policy, the authenticator app's enrolment and
// recovery codes, "Sign out everywhere else"; the login's code step and passkey button.
import { afterEach, describe, expect, test } from 'bun:test'
import { SECOND_FACTOR_MESSAGES, type SecurityOverview } from '#src/contract/auth'
import { LoginScreen } from '#client/admin/screens/login-screen'
import { SecurityScreen } from '#client/admin/screens/security-screen'
import { apiError, byText, click, fakeApi, fill, json, renderAdmin, settle, settleUntil, type ApiCall } from '#tests/support/component/render-admin'

const SECURITY = 'GET /api/admin/security'
const OVERVIEW: SecurityOverview = {
  passwordSignIn: true,
  totp: { enabled: false, enabledAt: null, recoveryCodesLeft: 0 },
  passkeys: [
    { id: 'pk1', name: 'Work laptop', createdAt: '2026-03-05T14:05:00.000Z', lastUsedAt: '2026-03-06T09:00:00.000Z', backedUp: true, deviceType: 'multiDevice' },
    { id: 'pk2', name: 'YubiKey', createdAt: '2026-03-01T08:00:00.000Z', lastUsedAt: null, backedUp: false, deviceType: 'singleDevice' },
  ],
  sessions: [
    { id: 's1', current: true, method: 'passkey', createdAt: '2026-03-06T09:00:00.000Z', lastSeenAt: '2026-03-06T09:30:00.000Z', browser: 'Firefox 133 on Linux' },
    { id: 's2', current: false, method: 'password+totp', createdAt: '2026-03-05T10:00:00.000Z', lastSeenAt: null, browser: 'Safari 18 on iOS' },
    { id: 's3', current: false, method: 'password+recovery', createdAt: '2026-03-04T10:00:00.000Z', lastSeenAt: null, browser: 'Chrome 131 on Windows' },
  ],
}
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`)
/** The server's answer to a missing or wrong second factor. */
const codeError = (status: number, code: 'second_factor_required' | 'invalid_code') => {
  const error = code === 'invalid_code' ? SECOND_FACTOR_MESSAGES.wrong : SECOND_FACTOR_MESSAGES.required
  return json(status, { ok: false, error, details: [{ path: 'code', code, message: error }] })
}

/** A browser with WebAuthn: PublicKeyCredential defined, navigator.credentials answering as told. */
function stubWebAuthn(credentials: { create?: () => Promise<unknown>; get?: () => Promise<unknown> }) {
  ;(globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential = function PublicKeyCredential() {}
  Object.defineProperty(navigator, 'credentials', { value: credentials, configurable: true })
}
const REGISTRATION_OPTIONS = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'folio', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'owner@example.com', displayName: 'owner@example.com' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
}
/** What navigator.credentials.get() gives for a passkey: buffers that @simplewebauthn encodes. */
function fakeAssertion() {
  const bytes = (s: string) => new TextEncoder().encode(s).buffer
  return {
    id: 'Y3JlZA',
    rawId: bytes('cred'),
    type: 'public-key',
    response: { clientDataJSON: bytes('{}'), authenticatorData: bytes('auth'), signature: bytes('sig'), userHandle: bytes('user') },
    getClientExtensionResults: () => ({}),
  }
}

let api: ReturnType<typeof fakeApi>
afterEach(() => {
  api?.restore()
  delete (globalThis as { PublicKeyCredential?: unknown }).PublicKeyCredential
})

/** The screen over OVERVIEW, or over what `handlers[SECURITY]` answers. */
async function showSecurity(handlers: Record<string, (call: ApiCall) => unknown> = {}) {
  api = fakeApi({ [SECURITY]: () => OVERVIEW, ...handlers })
  const r = await renderAdmin(<SecurityScreen />, { path: '/security' })
  await settleUntil(() => !!r.container.querySelector('.security-sections'))
  return r
}

const section = (c: HTMLElement, title: string) => [...c.querySelectorAll('section.security-section')].find((s) => s.querySelector('h2')?.textContent === title) as HTMLElement
const items = (s: HTMLElement) => [...s.querySelectorAll('.security-list > li')].map((li) => li.textContent)
const labelled = (c: HTMLElement, text: string) => {
  const label = [...c.querySelectorAll('label')].find((l) => l.textContent === text)
  if (!label) throw new Error(`no label ${JSON.stringify(text)}`)
  return c.querySelector<HTMLInputElement>(`#${label.htmlFor}`)!
}
const submitOf = (input: HTMLElement) => click(input.closest('form')!.querySelector('button[type="submit"]'))

describe('the security screen', () => {
  test('lists the passkeys and the sessions from the overview, how each signed in in words, this browser marked', async () => {
    const { container, unmount } = await showSecurity()
    expect(container.querySelector('h1')?.textContent).toBe('Security')
    expect(items(section(container, 'Passkeys'))).toEqual([
      'Work laptopSyncedAdded 5 Mar 2026, 14:05 UTC · Last used 6 Mar 2026, 09:00 UTCRename the passkey Work laptopRemove the passkey Work laptop',
      'YubiKeyAdded 1 Mar 2026, 08:00 UTC · Never used yetRename the passkey YubiKeyRemove the passkey YubiKey',
    ])
    expect(items(section(container, 'Signed-in browsers'))).toEqual([
      'Firefox 133 on LinuxThis browserPasskey · signed in 6 Mar 2026, 09:00 UTC · last seen 6 Mar 2026, 09:30 UTC',
      'Safari 18 on iOSPassword and authenticator code · signed in 5 Mar 2026, 10:00 UTC',
      'Chrome 131 on WindowsPassword and recovery code · signed in 4 Mar 2026, 10:00 UTC',
    ])
    unmount()
  })

  test('the password switch is on and disabled, with the reason, while there is no passkey', async () => {
    const { container, unmount } = await showSecurity({ [SECURITY]: () => ({ ...OVERVIEW, passkeys: [] }) })
    const box = labelled(container, 'Allow signing in with a password')
    expect(box.checked).toBe(true)
    expect(box.disabled).toBe(true)
    expect(container.querySelector(`#${box.getAttribute('aria-describedby')}`)?.textContent).toContain('Add a passkey first')
    expect(section(container, 'Passkeys').textContent).toContain('No passkeys yet.')
    unmount()
  })

  test('with a passkey, unticking the switch turns password sign-in off and reloads the overview', async () => {
    let passwordSignIn = true
    const { container, unmount } = await showSecurity({
      [SECURITY]: () => ({ ...OVERVIEW, passwordSignIn }),
      'PUT /api/admin/security/password-sign-in': ({ body }) => {
        passwordSignIn = (body as { enabled: boolean }).enabled
        return { passwordSignIn }
      },
    })
    const box = labelled(container, 'Allow signing in with a password')
    expect(box.disabled).toBe(false)
    await click(box)
    await settleUntil(() => api.to(SECURITY).length === 2)
    await settle(10)
    expect(api.to('PUT /api/admin/security/password-sign-in').map((c) => c.body)).toEqual([{ enabled: false }])
    expect(labelled(container, 'Allow signing in with a password').checked).toBe(false)
    unmount()
  })

  test('setting up the authenticator app shows the QR code and key, then the ten recovery codes once a code is accepted', async () => {
    let enabled = false
    const { container, unmount } = await showSecurity({
      [SECURITY]: () => ({ ...OVERVIEW, totp: { enabled, enabledAt: enabled ? '2026-03-06T10:00:00.000Z' : null, recoveryCodesLeft: enabled ? 10 : 0 } }),
      'POST /api/admin/totp/setup': () => ({ secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/folio:me?secret=JBSWY3DPEHPK3PXP', qrSvg: '<svg viewBox="0 0 10 10"><rect width="10" height="10"/></svg>' }),
      'POST /api/admin/totp/enable': ({ body }) => {
        if ((body as { code: string }).code !== '123456') return codeError(400, 'invalid_code')
        enabled = true
        return { recoveryCodes: CODES }
      },
    })
    await click(byText(container, 'Set up an authenticator app'))
    await settleUntil(() => !!container.querySelector('.security-qr svg'))
    const qr = container.querySelector('.security-qr')!
    expect(qr.getAttribute('role')).toBe('img')
    expect(qr.getAttribute('aria-label')).toBeTruthy()
    expect(container.querySelector('.totp-secret')?.textContent).toBe('JBSW Y3DP EHPK 3PXP')

    const code = labelled(container, '2. Code from the app')
    expect(code.inputMode).toBe('numeric')
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    await fill(code, '12345')
    await submitOf(code)
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('The code is 6 digits.')
    await fill(code, '654321')
    await submitOf(code)
    await settleUntil(() => !!container.querySelector('[role="alert"]')?.textContent?.includes('not right'))
    await fill(code, '123 456')
    await submitOf(code)
    await settleUntil(() => !!container.querySelector('.recovery-codes-list'))

    expect(api.to('POST /api/admin/totp/enable').map((c) => c.body)).toEqual([{ code: '654321' }, { code: '123456' }])
    expect([...container.querySelectorAll('.recovery-codes-list li')].map((li) => li.textContent)).toEqual(CODES)
    expect(container.querySelector('.recovery-codes')?.textContent).toContain('they will not be shown again')
    expect(byText(container, 'Copy the recovery codes')).toBeTruthy()
    expect(byText(container, 'Download the recovery codes as a text file')).toBeTruthy()

    await click(byText(container, 'I have saved them'))
    await settleUntil(() => !!container.querySelector('.recovery-codes') === false)
    expect(section(container, 'Authenticator app').textContent).toContain('10 recovery codes left.')
    expect(container.textContent).not.toContain(CODES[0]!)
    unmount()
  })

  test('while on, "New recovery codes" asks for a current code, which may be a recovery code', async () => {
    const { container, unmount } = await showSecurity({
      [SECURITY]: () => ({ ...OVERVIEW, totp: { enabled: true, enabledAt: '2026-03-06T10:00:00.000Z', recoveryCodesLeft: 2 } }),
      'POST /api/admin/totp/recovery-codes': () => ({ recoveryCodes: CODES }),
    })
    const card = section(container, 'Authenticator app')
    expect(card.textContent).toContain('On since 6 Mar 2026')
    expect(card.textContent).toContain('2 recovery codes left. Make new ones before you run out.')
    await click(byText(card, 'New recovery codes'))
    await click(byText(card, 'Use a recovery code instead'))
    const field = labelled(card, 'Recovery code')
    expect(field.inputMode).toBe('text')
    await fill(field, 'k3m9x-p2q7r')
    await click(byText(card, 'Make new recovery codes'))
    await settleUntil(() => !!card.querySelector('.recovery-codes-list'))
    expect(api.to('POST /api/admin/totp/recovery-codes').map((c) => c.body)).toEqual([{ code: 'k3m9x-p2q7r' }])
    unmount()
  })

  test('removing a passkey asks first, then calls DELETE; the server’s refusal is shown', async () => {
    const { container, unmount } = await showSecurity({
      'DELETE /api/admin/passkeys/pk2': () => apiError(409, 'Turn password sign-in on before removing your last passkey.'),
    })
    await click(byText(container, 'Remove the passkey YubiKey'))
    expect(api.to('DELETE /api/admin/passkeys/pk2')).toHaveLength(0)
    const confirm = container.querySelector('.security-confirm')!
    expect(confirm.textContent).toContain('Remove “YubiKey”?')
    expect(document.activeElement?.textContent).toBe('Keep it')
    await click(byText(confirm as HTMLElement, 'Remove'))
    await settleUntil(() => !!container.querySelector('.security-list [role="alert"]'))
    expect(api.to('DELETE /api/admin/passkeys/pk2')).toHaveLength(1)
    expect(container.querySelector('.security-list [role="alert"]')?.textContent).toBe('Turn password sign-in on before removing your last passkey.')
    unmount()
  })

  test('renaming a passkey in place sends PATCH with the new name', async () => {
    const { container, unmount } = await showSecurity({ 'PATCH /api/admin/passkeys/pk1': ({ body }) => ({ ...OVERVIEW.passkeys[0], ...(body as object) }) })
    await click(byText(container, 'Rename the passkey Work laptop'))
    const field = labelled(container, 'New name for “Work laptop”')
    await fill(field, '  Home desktop ')
    await click(byText(container, 'Save name'))
    await settleUntil(() => api.to('PATCH /api/admin/passkeys/pk1').length === 1)
    expect(api.to('PATCH /api/admin/passkeys/pk1')[0]!.body).toEqual({ name: 'Home desktop' })
    unmount()
  })

  test('without WebAuthn the passkeys card says the browser cannot use passkeys instead of offering one', async () => {
    const { container, unmount } = await showSecurity()
    expect(section(container, 'Passkeys').textContent).toContain('This browser cannot use passkeys.')
    expect(() => byText(container, 'Add a passkey')).toThrow()
    unmount()
  })

  test('a cancelled passkey dialog says so and adds nothing', async () => {
    stubWebAuthn({ create: () => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')) })
    const { container, unmount } = await showSecurity({ 'POST /api/admin/passkeys/options': () => REGISTRATION_OPTIONS })
    expect(labelled(container, 'Name for a new passkey').value).toBeTruthy()
    await click(byText(container, 'Add a passkey'))
    await settleUntil(() => !!section(container, 'Passkeys').querySelector('.form-error'))
    expect(section(container, 'Passkeys').querySelector('.form-error')?.textContent).toContain('cancelled or timed out')
    expect(api.to('POST /api/admin/passkeys')).toHaveLength(0)
    unmount()
  })

  test('"Sign out everywhere else" calls DELETE and says how many sessions ended', async () => {
    const { container, unmount } = await showSecurity({ 'DELETE /api/admin/sessions/others': () => ({ ended: 2 }) })
    await click(byText(container, 'Sign out everywhere else'))
    await settleUntil(() => !!container.querySelector('[role="status"] p'))
    expect(api.to('DELETE /api/admin/sessions/others')).toHaveLength(1)
    expect(section(container, 'Signed-in browsers').querySelector('[role="status"]')?.textContent).toBe('Signed out 2 other sessions.')
    expect(api.to(SECURITY).length).toBeGreaterThanOrEqual(2)
    unmount()
  })
})

describe('the login screen', () => {
  const LOGIN = 'POST /api/admin/login'
  const setup = { 'GET /api/admin/setup': () => ({ adminExists: true }) }

  async function signIn(handlers: Record<string, (call: ApiCall) => unknown>) {
    api = fakeApi({ ...setup, ...handlers })
    const r = await renderAdmin(<LoginScreen />, { path: '/login' })
    await settle()
    await fill(labelled(r.container, 'Email'), 'owner@example.com')
    await fill(labelled(r.container, 'Password'), 'correct horse')
    await click(byText(r.container, 'Sign in'))
    await settle(10)
    return r
  }

  test('asks for the authenticator code after a second_factor_required 401 and resubmits email, password and code', async () => {
    const { container, location, unmount } = await signIn({
      [LOGIN]: ({ body }) => {
        const code = (body as { code?: string }).code
        return !code ? codeError(401, 'second_factor_required') : code === '123456' ? { ok: true } : codeError(401, 'invalid_code')
      },
    })
    const code = labelled(container, 'Authenticator code')
    expect(code.inputMode).toBe('numeric')
    expect(code.getAttribute('autocomplete')).toBe('one-time-code')
    expect(container.querySelector(`#${code.id}-hint`)?.textContent).toContain('A recovery code works here too.')
    expect(document.activeElement).toBe(code)
    expect(container.querySelector('[role="alert"]')).toBeNull()

    await fill(code, '000000')
    await click(byText(container, 'Sign in'))
    await settleUntil(() => !!container.querySelector('[role="alert"]'))
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(SECOND_FACTOR_MESSAGES.wrong)
    expect(code.getAttribute('aria-invalid')).toBe('true')

    await fill(code, ' 123456 ')
    await click(byText(container, 'Sign in'))
    await settleUntil(() => location.history.at(-1) === '/')
    expect(api.to(LOGIN).map((c) => c.body)).toEqual([
      { email: 'owner@example.com', password: 'correct horse' },
      { email: 'owner@example.com', password: 'correct horse', code: '000000' },
      { email: 'owner@example.com', password: 'correct horse', code: '123456' },
    ])
    unmount()
  })

  test('has no passkey button in a browser without WebAuthn', async () => {
    const { container, unmount } = await signIn({ [LOGIN]: () => ({ ok: true }) })
    expect(() => byText(container, 'Sign in with a passkey')).toThrow()
    unmount()
  })

  test('shows the password-off 403 as an error and keeps the passkey button, which signs in', async () => {
    stubWebAuthn({ get: () => Promise.reject(new DOMException('no', 'NotAllowedError')) })
    const { container, location, unmount } = await signIn({
      [LOGIN]: () => apiError(403, SECOND_FACTOR_MESSAGES.passwordOff),
      'POST /api/admin/login/passkey/options': () => ({ challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', allowCredentials: [], userVerification: 'preferred' }),
      'POST /api/admin/login/passkey': () => ({ ok: true }),
    })
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(SECOND_FACTOR_MESSAGES.passwordOff)
    const passkey = byText(container, 'Sign in with a passkey')
    expect(container.querySelector('.login-or')?.textContent).toBe('or')

    // Cancelled in the browser's dialog: said so, nothing posted.
    await click(passkey)
    await settleUntil(() => !!container.querySelector('.passkey-sign-in [role="alert"]'))
    expect(container.querySelector('.passkey-sign-in [role="alert"]')?.textContent).toContain('cancelled or timed out')
    expect(api.to('POST /api/admin/login/passkey')).toHaveLength(0)

    stubWebAuthn({ get: () => Promise.resolve(fakeAssertion()) })
    await click(passkey)
    await settleUntil(() => location.history.at(-1) === '/')
    expect(api.to('POST /api/admin/login/passkey')).toHaveLength(1)
    expect((api.to('POST /api/admin/login/passkey')[0]!.body as { response: { id: string } }).response.id).toBe('Y3JlZA')
    unmount()
  })
})
