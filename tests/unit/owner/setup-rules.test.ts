// The setup form's checks (client/features/setup/setup-rules.ts) and the payload's schema
// (src/contract/owner/setup.ts): the browser and the server refuse the same things with the same words.
import { describe, expect, test } from 'bun:test'
import { SETUP_MESSAGES, SetupInput, setupLogLine, setupPage } from '#src/contract/owner/setup'
import { fieldErrorsOf, setupErrors } from '#client/features/setup/setup-rules'

const ok = { email: 'owner@example.com', password: 'twelve chars', confirm: 'twelve chars' }

describe('setupErrors', () => {
  test('accepts an email and two equal passwords of 12 characters', () => {
    expect(setupErrors(ok)).toEqual({})
  })

  test.each([
    ['a password of 11 characters', { password: 'eleven char', confirm: 'eleven char' }, { password: SETUP_MESSAGES.passwordShort }],
    ['two different passwords', { confirm: 'twelve chars!' }, { confirm: SETUP_MESSAGES.mismatch }],
    ['a blank email', { email: '  ' }, { email: SETUP_MESSAGES.email }],
    ['an email without a domain', { email: 'owner@example' }, { email: SETUP_MESSAGES.email }],
    ['everything wrong', { email: '', password: 'short', confirm: '' }, { email: SETUP_MESSAGES.email, password: SETUP_MESSAGES.passwordShort }],
  ])('refuses %s', (_name, change, errors) => {
    expect(setupErrors({ ...ok, ...change })).toEqual(errors)
  })
})

test("fieldErrorsOf reads the server's details for email and password only", () => {
  expect(fieldErrorsOf([{ path: 'email', message: 'bad', code: 'x' }, { path: 'token', message: 'no', code: 'y' }, { path: 'password', message: 'short', code: 'z' }])).toEqual({ email: 'bad', password: 'short' })
  expect(fieldErrorsOf(undefined)).toEqual({})
})

test('SetupInput trims and lowercases the email, and keeps the password as typed', () => {
  expect(SetupInput.parse({ token: 't', email: '  Owner@Example.COM ', password: ' twelve chars ' })).toEqual({ token: 't', email: 'owner@example.com', password: ' twelve chars ' })
})

test('the log line says what to do and holds the whole address', () => {
  const address = `https://folio.example${setupPage('abc_DEF-123')}`
  expect(address).toBe('https://folio.example/admin/setup?token=abc_DEF-123')
  expect(setupLogLine(address)).toBe(
    'No admin yet: open https://folio.example/admin/setup?token=abc_DEF-123 to create one (valid 24 hours), or run `folio admin set-password --email you@example.com`',
  )
})
