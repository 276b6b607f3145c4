// The test authenticator (tests/support/data/soft-authenticator.ts) answers what
// @simplewebauthn/server itself verifies: registration, a signed assertion, and a wrong origin refused.
import { expect, test } from 'bun:test'
import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from '@simplewebauthn/server'
import { SoftAuthenticator } from '#tests/support/data/soft-authenticator'

const origin = 'http://localhost:4000'

test('registers and signs in as @simplewebauthn/server expects; a wrong origin fails', async () => {
  const authenticator = new SoftAuthenticator({ origin })
  const options = await generateRegistrationOptions({
    rpName: 'x',
    rpID: 'localhost',
    userName: 'a@example.com',
    userID: new TextEncoder().encode('1'),
    attestationType: 'none',
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  })
  const response = await authenticator.register(options)
  const registration = await verifyRegistrationResponse({ response, expectedChallenge: options.challenge, expectedOrigin: origin, expectedRPID: 'localhost' })
  expect(registration.verified).toBe(true)
  const info = registration.registrationInfo!
  expect(authenticator.credentialIds).toEqual([info.credential.id])
  const credential = { id: info.credential.id, publicKey: info.credential.publicKey, counter: info.credential.counter }

  const login = await generateAuthenticationOptions({ rpID: 'localhost', userVerification: 'preferred' })
  const assertion = await authenticator.authenticate(login)
  expect(assertion.response.userHandle).toBe(options.user.id)
  const verified = await verifyAuthenticationResponse({ response: assertion, expectedChallenge: login.challenge, expectedOrigin: origin, expectedRPID: 'localhost', credential })
  expect(verified.verified).toBe(true)
  expect(verified.authenticationInfo.newCounter).toBe(1)

  const again = await generateAuthenticationOptions({ rpID: 'localhost', userVerification: 'preferred' })
  const forged = await authenticator.authenticate(again, { origin: 'http://evil.example' })
  const refused = verifyAuthenticationResponse({ response: forged, expectedChallenge: again.challenge, expectedOrigin: origin, expectedRPID: 'localhost', credential })
  expect(await refused.then((r) => r.verified).catch(() => false)).toBe(false)
})
