import { expect, test } from 'bun:test'
import { AFTER_ANSWER_BATCH_MAX, afterAnswer } from '#src/web/after-answer'

const answered = (n: number) => ({ request: new Request(`http://x/p${n}`), status: 200, ip: '203.0.113.9', t0: 1, ms: 0.25 })

test('each answer gets its count and its line, in order, once the turn that answered is over', async () => {
  const counted: string[] = []
  const logged: [string, number | undefined][] = []
  const after = afterAnswer((request, _status, _t0, _ip, ms) => logged.push([request.url, ms]), (request) => counted.push(request.url))
  for (let i = 0; i < 10; i++) after.push(answered(i))
  // Nothing on the answers' own path.
  expect(counted).toHaveLength(0)
  await new Promise((resolve) => setImmediate(resolve))
  expect(counted).toEqual(Array.from({ length: 10 }, (_, i) => `http://x/p${i}`))
  expect(logged.map(([url]) => url)).toEqual(counted)
  // The line's duration is the answer's, not the wait for the batch.
  expect(logged.every(([, ms]) => ms === 0.25)).toBe(true)
})

test('a full batch is done at once, so what waits stays bounded', () => {
  let counted = 0
  const after = afterAnswer(null, () => counted++)
  for (let i = 0; i < AFTER_ANSWER_BATCH_MAX; i++) after.push(answered(i))
  expect(counted).toBe(AFTER_ANSWER_BATCH_MAX)
})

test('flush does what waits (on shutdown)', () => {
  let counted = 0
  const after = afterAnswer(null, () => counted++)
  after.push(answered(1))
  after.flush()
  expect(counted).toBe(1)
})
