// The known-device cookie (src/features/sign-in-methods/device-cookie.ts): only the cookie folio issued, to
// this admin as it is now, within a year, counts.
import { expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseSiteOrigin } from '#src/contract/site-origin'
import { DEVICE_SECONDS, deviceCookies } from '#src/features/sign-in-methods/device-cookie'

const now = new Date('2026-06-01T12:00:00Z')
const pair = (setCookie: string) => setCookie.split(';')[0]!

test('issued to an admin stamp, known for a year, for that stamp only; tampering or another key is unknown', () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-device-'))
  const devices = deviceCookies(dir, parseSiteOrigin('http://localhost:3000'))
  expect(devices.known('folio_device=1.abc', '1:t0', now)).toBe(false)

  const issued = devices.issue('1:t0', now)
  expect(issued).toMatch(/^folio_device=\d+\.[\w-]{43}; Max-Age=31536000; Path=\/api\/admin\/login; HttpOnly; SameSite=Strict$/)
  const cookie = `other=1; ${pair(issued)}`
  expect(devices.known(cookie, '1:t0', now)).toBe(true)
  expect(devices.known(cookie, '1:t0', new Date(now.getTime() + (DEVICE_SECONDS - 5) * 1000))).toBe(true)
  expect(devices.known(cookie, '1:t0', new Date(now.getTime() + (DEVICE_SECONDS + 5) * 1000))).toBe(false)
  // set-password or a new admin changes the stamp.
  expect(devices.known(cookie, '1:t1', now)).toBe(false)
  expect(devices.known(cookie, undefined, now)).toBe(false)
  const [issuedAt, mac] = pair(issued).split('=')[1]!.split('.')
  expect(devices.known(`folio_device=${Number(issuedAt) + 1}.${mac}`, '1:t0', now)).toBe(false)
  expect(devices.known(`folio_device=${issuedAt}.${mac!.slice(0, -2)}xx`, '1:t0', now)).toBe(false)
  expect(devices.known(`folio_device=${issuedAt}.${mac}\u0000`, '1:t0', now)).toBe(false)

  // The throttle's key: the same for the same cookie, none for a cookie that is not known.
  expect(devices.identity(cookie, '1:t0', now)).toBe(`device:${issuedAt}.${mac!.slice(0, 16)}`)
  expect(devices.identity(`folio_device=${issuedAt}.${mac!.slice(0, -2)}xx`, '1:t0', now)).toBeNull()
  expect(devices.identity(cookie, '1:t1', now)).toBeNull()

  const elsewhere = deviceCookies(mkdtempSync(join(tmpdir(), 'folio-device-')), parseSiteOrigin('http://localhost:3000'))
  elsewhere.issue('1:t0', now)
  expect(elsewhere.known(cookie, '1:t0', now)).toBe(false)
})

test('under https the cookie is __Secure- and Secure', () => {
  const devices = deviceCookies(mkdtempSync(join(tmpdir(), 'folio-device-')), parseSiteOrigin('https://folio.example'))
  expect(devices.issue('1:t0', now)).toMatch(/^__Secure-folio_device=.*; SameSite=Strict; Secure$/)
})
