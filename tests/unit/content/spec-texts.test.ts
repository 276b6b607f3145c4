// The spec's quoted texts, typed out literally here, so a typo in a shared constant fails.
import { expect, test } from 'bun:test'
import { CONTACT_MESSAGES } from '#src/contract/contact'
import { CONTENT_MESSAGES } from '#src/contract/input/content-fields'
import { SKILL_MESSAGES } from '#src/contract/skill'

test('contact messages are the spec section 5 texts', () => {
  expect(CONTACT_MESSAGES).toEqual({
    nameLength: 'Name must be 2–60 characters.',
    nameChars: 'Name has invalid characters.',
    email: 'Please enter a valid email.',
    messageShort: 'Message must be at least 10 characters.',
    messageLong: 'Message is too long (max 5000).',
    reason: 'Please pick a reason.',
  })
})

test('project and post messages are the spec section 5 texts', () => {
  expect(CONTENT_MESSAGES.title).toBe('Title is required.')
  expect(CONTENT_MESSAGES.summary).toBe('Summary should be at least 10 characters.')
  expect(CONTENT_MESSAGES.body).toBe('Body should be at least 20 characters.')
  expect(CONTENT_MESSAGES.demoLinksObject).toBe('Demo links must be an object mapping names to URLs.')
  expect(CONTENT_MESSAGES.metricsJson).toBe('Metrics must be valid JSON (e.g. {"users": "1200"}).')
  expect(CONTENT_MESSAGES.metricsObject).toBe('Metrics must be an object mapping labels to values.')
  // The spec writes the example host as {host}; we show a concrete one.
  expect(CONTENT_MESSAGES.demoLinksJson).toBe('Demo links must be valid JSON (e.g. {"demo": "https://example.com"}).')
})

test('skill messages are the spec section 5 texts', () => {
  expect(SKILL_MESSAGES).toEqual({ lexiconName: 'Min 2 characters', overrideName: 'Enter a skill name (min 2 chars).' })
})
