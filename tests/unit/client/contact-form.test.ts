import { describe, expect, test } from 'bun:test'
import { CONTACT_SENT } from '#src/contract/contact'
import { ApiError } from '#client/lib/api'
import { CAPTCHA_CLOSED, CAPTCHA_FAILED, captchaErrorText } from '#client/features/contact/captcha'
import { checkContact, CONTACT_SENT_TEXT, contactErrorText, fieldErrors, firstInvalid, sentText } from '#client/features/contact/contact-rules'

const network = (message: string) => new ApiError(0, undefined, 'Request failed', { cause: new TypeError(message) })

describe('contact form rules', () => {
  test('the default success text is the contract one', () => {
    expect(CONTACT_SENT_TEXT).toBe(CONTACT_SENT)
    expect(sentText({ ok: true })).toBe('Thanks! Your message is in.')
    expect(sentText({ ok: true, message: 'Got it.' })).toBe('Got it.')
    expect(sentText(undefined)).toBe('Thanks! Your message is in.')
  })

  test.each([
    ['details: messages, or codes where a message is missing', new ApiError(400, { ok: false, error: 'Invalid input.', details: [{ message: 'Please enter a valid email.', code: 'a' }, { code: 'too_small' }] }, 'x'), 'Invalid input: Please enter a valid email., too_small'],
    ['details on another status', new ApiError(422, { error: 'Nope', details: [{ message: 'Bad.' }] }, 'x'), 'Invalid input: Bad.'],
    ['empty details and a server text', new ApiError(400, { ok: false, error: 'Captcha verification failed. Please try again.', details: [] }, 'x'), 'Captcha verification failed. Please try again.'],
    ['a rate limit text', new ApiError(429, { ok: false, error: 'Too many messages. Please try again later.' }, 'x'), 'Too many messages. Please try again later.'],
    ['a 400 with no text', new ApiError(400, undefined, 'Bad Request'), 'Invalid input.'],
    ['a 502 with no text', new ApiError(502, '<html>', 'Bad Gateway'), 'Request failed (502)'],
    ['a network failure', network('Failed to fetch'), 'Failed to fetch'],
    ['a network failure without a message', network(''), 'Network error.'],
    ['another error', new Error('The captcha could not load.'), 'The captcha could not load.'],
    ['a thrown non-error', 'boom', 'Network error.'],
  ])('shows %s as spec section 8 says', (_name, error, text) => {
    expect(contactErrorText(error)).toBe(text)
  })

  test('keeps the first message of each form field, ignoring other paths', () => {
    const errors = fieldErrors([
      { path: 'email', message: 'Please enter a valid email.' },
      { path: 'email', message: 'Second one.' },
      { path: 'hcaptchaToken', message: 'Captcha is required.' },
      { path: 'message', message: '' },
      { message: 'No path.' },
    ])
    expect(errors).toEqual({ email: 'Please enter a valid email.' })
  })

  test('focuses fields in form order', () => {
    expect(firstInvalid({ message: 'm', email: 'e' })).toBe('email')
    expect(firstInvalid({ message: 'm', reason: 'r' })).toBe('reason')
    expect(firstInvalid({})).toBeUndefined()
  })

  test('validates with the server schema and cleans the payload as the server does', async () => {
    const ok = await checkContact({ name: ' Ada\u0007  Lovelace ', email: ' ada@example.com ', reason: 'resume', message: '  Hello there, friend.  ' })
    expect(ok).toEqual({ ok: true, payload: { name: 'Ada Lovelace', email: 'ada@example.com', reason: 'resume', message: 'Hello there, friend.' } })
    const bad = await checkContact({ name: 'A', email: 'x', reason: '', message: 'short' })
    expect(bad).toEqual({
      ok: false,
      errors: {
        name: 'Name must be 2–60 characters.',
        email: 'Please enter a valid email.',
        reason: 'Please pick a reason.',
        message: 'Message must be at least 10 characters.',
      },
    })
  })

  test('passes the spam signals through the same schema, which keeps them in the payload', async () => {
    const values = { name: 'Ada Lovelace', email: 'ada@example.com', reason: 'general', message: 'Hello there, friend.' }
    expect(await checkContact(values, { formMs: 4200 })).toEqual({ ok: true, payload: { ...values, reason: 'general', formMs: 4200 } })
    expect(await checkContact(values, { formMs: 10, website: 'https://spam.example' })).toEqual({ ok: true, payload: { ...values, reason: 'general', formMs: 10, website: 'https://spam.example' } })
  })

  test.each([
    ['a closed challenge', 'challenge-closed', CAPTCHA_CLOSED],
    ['another hCaptcha code', 'challenge-expired', CAPTCHA_FAILED],
    ['a load failure', new Error('The captcha could not load.'), 'The captcha could not load.'],
  ])('words %s for a visitor', (_name, error, text) => {
    expect(captchaErrorText(error)).toBe(text)
  })
})
