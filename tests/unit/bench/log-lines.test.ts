import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { requestLinesFrom } from '#bench/lib/phases'

const dir = mkdtempSync(join(tmpdir(), 'folio-log-lines-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('request lines are counted in pieces, a line split across two pieces once, and from an offset', () => {
  const line = (n: number) => `{"t":"2026-11-26T00:00:00.000Z","level":"info","msg":"request","method":"GET","path":"/p${n}","status":200}\n`
  const other = '{"t":"2026-11-26T00:00:00.000Z","level":"warn","msg":"something else"}\n'
  const text = Array.from({ length: 500 }, (_, n) => (n % 50 === 0 ? other : '') + line(n)).join('')
  const file = join(dir, 'folio.log')
  writeFileSync(file, text)
  // Pieces of 7 bytes (never a whole marker) up to larger than the file.
  for (const chunk of [7, 16, 64, 1000, 1 << 20]) expect(requestLinesFrom(file, 0, chunk)).toEqual({ lines: 500, end: text.length })
  const half = text.indexOf(line(250))
  expect(requestLinesFrom(file, half, 13).lines).toBe(250)
})
