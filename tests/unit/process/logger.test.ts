import { expect, test } from 'bun:test'
import { createLogger } from '#src/lib/logger'

test('writes one JSON line per event at or above the configured level', () => {
  const lines: string[] = []
  const log = createLogger('warn', (l) => lines.push(l))
  log.debug('hidden')
  log.info('hidden too')
  log.warn('shown', { path: '/x' })
  log.error('also shown')
  expect(lines.map((l) => JSON.parse(l).msg)).toEqual(['shown', 'also shown'])
  expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'warn', msg: 'shown', path: '/x' })
})

test('a built line is an info line: a logger above info drops it', () => {
  const lines: string[] = []
  createLogger('warn', (l) => lines.push(l)).raw('{"msg":"request"}')
  createLogger('info', (l) => lines.push(l)).raw('{"msg":"kept"}')
  expect(lines).toEqual(['{"msg":"kept"}'])
})
