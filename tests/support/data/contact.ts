// Helpers for the contact and messages API tests: valid payloads, fresh client IPs, reading rows back.
import { expect } from 'bun:test'
import type { ContactMessage } from '#src/contract/contact'
import type { TestServer, TestServerOptions } from '#tests/support/server/server'

let n = 0
/** A valid payload whose email and message carry a unique marker, so a test can find its own row. */
export function contact(overrides: Record<string, unknown> = {}) {
  const marker = `marker-${Date.now()}-${++n}`
  return { marker, payload: { name: 'Ada Lovelace', email: `${marker}@example.com`, reason: 'general', message: `Hello, this is ${marker}.`, ...overrides } }
}

/** Server config for tests that send more than the global cap (30 messages in 10 minutes) on purpose. */
export const UNCAPPED: TestServerOptions['config'] = { contactGuards: { global: { max: 1_000_000, windowMs: 60_000 } } }

let ipCount = 0
/** A fresh client address per request, so tests on a TRUST_PROXY server never meet the rate limit. */
export const freshIp = () => `10.1.${Math.floor(++ipCount / 250)}.${(ipCount % 250) + 1}`

/** POSTs a contact message from a fresh X-Forwarded-For address (only honoured with TRUST_PROXY=1). */
export const sendContact = (s: TestServer, body: unknown, headers: Record<string, string> = {}) =>
  s.request('POST', '/api/contact', { body, headers: { 'x-forwarded-for': freshIp(), ...headers } })

/** The stored messages (any status) that contain `marker`, read through the admin API. */
export async function storedWith(s: TestServer, cookie: string, marker: string): Promise<ContactMessage[]> {
  const res = await s.get(`/api/admin/messages?status=all&limit=100&search=${encodeURIComponent(marker)}`, { cookie })
  expect(res.status).toBe(200)
  return res.body.items
}
