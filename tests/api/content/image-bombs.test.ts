// Issue 32, finding 5, end to end: lying and tiny images uploaded to the real server, and the real
// `folio images` child killed (past its memory limit, or from outside as the OOM killer would).
// "A 287-byte or header-lying image never costs a 700 MB decode."
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { openDatabase } from '#db/connection'
import { migrate } from '#db/migrate'
import { images } from '#db/schema'
import { selfCommand } from '#src/lib/self-command'
import { imagesDir } from '#src/features/uploads/image-names'
import { recordImage } from '#src/features/uploads/image-records'
import { ATTEMPT_NOTES, STOPPED_TWICE } from '#src/features/uploads/variant-attempts'
import { startVariantRunner } from '#src/features/uploads/variant-runner'
import type { Logger } from '#src/lib/logger'
import { drawPng } from '#tests/support/data/images'
import { REPO_ROOT } from '#tests/support/repo-root'
import { until } from '#tests/support/server/webhook-sink'
import { startTestServer } from '#tests/support/server/server'

const MiB = 1024 * 1024
type Line = { level: string; msg: string; fields: Record<string, unknown> }
/** A logger that keeps what the runner says. */
function keptLog(): Logger & { lines: Line[] } {
  const lines: Line[] = []
  const at = (level: string) => (msg: string, fields: Record<string, unknown> = {}) => void lines.push({ level, msg, fields })
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), raw() {} }
}

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

test('the header-lying, the brand-confused and the tiny image are recorded as their decoder reads them, and the big ones never decoded', async () => {
  const log = keptLog()
  const s = await startTestServer({ log })
  try {
    const cookie = await s.login()
    const upload = async (file: string, type: string) => {
      const bytes = await Bun.file(join(REPO_ROOT, 'tests/fixtures/images', file)).bytes()
      const res = await s.request('POST', '/api/admin/uploads', { raw: bytes, headers: { 'content-type': type }, cookie })
      expect(res.status).toBe(201)
      return (res.body.url as string).split('/').pop()!
    }
    const lying = await upload('ff01-hidden-frame.jpg', 'image/jpeg')
    const tiny = await upload('tiny-39mp.jpg', 'image/jpeg')
    const avif = await upload('ispe-in-brands.avif', 'image/avif')
    const row = (name: string) => s.conn.db.select().from(images).where(eq(images.name, name)).get()!
    expect([row(lying), row(tiny), row(avif)].map((r) => [r.width, r.height])).toEqual([[7000, 7000], [6300, 6300], [96, 64]])

    await until(() => [lying, tiny, avif].every((n) => row(n).variantsAt) && log.lines.some((l) => l.msg === 'image variants made'), 'the variants', 60_000)
    expect(row(lying).note).toBe('larger than 13 megapixels: only the original is served')
    expect(row(tiny).note).toBe('larger than 13 megapixels: only the original is served')
    expect(row(avif)).toMatchObject({ variantWidths: [96], note: null })
    // Every run the uploads started: none came near a decode of 49 or 39.7 MP (1.4 GB before).
    const runs = log.lines.filter((l) => l.msg.startsWith('image variants'))
    expect(runs.map((l) => l.msg)).toEqual(runs.map(() => 'image variants made'))
    expect(runs.every((l) => (l.fields.peakMiB as number) < 250)).toBe(true)
  } finally {
    await s.close()
  }
}, 90_000)

describe('a `folio images` child killed mid-image', () => {
  const setUp = async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'folio-killed-child-'))
    dirs.push(dataDir)
    mkdirSync(imagesDir(dataDir), { recursive: true })
    const conn = openDatabase(dataDir)
    migrate(conn.sqlite)
    // A 6 MP photo (about 260 MB in the child) first, then a small one (about 120 MB).
    const big = `${'a'.repeat(32)}.png`
    const small = `${'b'.repeat(32)}.png`
    writeFileSync(join(imagesDir(dataDir), big), await drawPng(3000, 2000))
    writeFileSync(join(imagesDir(dataDir), small), await drawPng(64, 48))
    recordImage(conn.db, big, { width: 3000, height: 2000 })
    recordImage(conn.db, small, { width: 64, height: 48 })
    const row = (name: string) => conn.db.select().from(images).where(eq(images.name, name)).get()!
    return { dataDir, conn, big, small, row }
  }

  test('past its memory limit, twice: the image is noted and the next one still gets its variants', async () => {
    const { dataDir, conn, big, small, row } = await setUp()
    const log = keptLog()
    const runner = startVariantRunner({ db: conn.db, dataDir, command: selfCommand(), log, limits: { memoryBytes: 180 * MiB, imageMs: 120_000 } })
    try {
      await until(() => !!row(big).variantsAt && !!row(small).variantsAt, 'both images done', 90_000)
      expect(row(big)).toMatchObject({ note: STOPPED_TWICE, variantWidths: [] })
      expect(row(small)).toMatchObject({ note: null, variantWidths: [64] })
      const failed = log.lines.filter((l) => l.msg === 'image variants failed')
      expect(failed.map((l) => [l.fields.overrun, l.fields.image])).toEqual([['memory', big], ['memory', big]])
      // The watcher reads /proc every 50 ms: on a loaded machine it reads later, and a child growing
      // at 1-3 GB/s goes that much further past its limit before the kill (3-17 MiB when quiet).
      expect(failed.every((l) => (l.fields.peakMiB as number) < 180 + 96)).toBe(true)
      expect(readdirSync(join(imagesDir(dataDir), 'variants')).filter((n) => n.startsWith('a'))).toEqual([])
    } finally {
      runner.stop()
      conn.close()
    }
  }, 120_000)

  test('by SIGKILL from outside (as the OOM killer would): it is run again and the image is made', async () => {
    const { dataDir, conn, big, small, row } = await setUp()
    const log = keptLog()
    const runner = startVariantRunner({ db: conn.db, dataDir, command: selfCommand(), log })
    try {
      await until(() => row(big).note === ATTEMPT_NOTES[0], 'the first attempt to begin', 30_000)
      await Bun.sleep(300)
      const child = childrenOf(process.pid).find((c) => c.args.at(-1) === 'images')
      expect(child).toBeDefined()
      process.kill(child!.pid, 'SIGKILL')
      await until(() => !!row(big).variantsAt && !!row(small).variantsAt, 'both images done', 90_000)
      expect(row(big)).toMatchObject({ note: null, variantWidths: [480, 960, 1440] })
      expect(row(small)).toMatchObject({ note: null, variantWidths: [64] })
      expect(log.lines.filter((l) => l.msg === 'image variants failed').map((l) => [l.fields.signal, l.fields.overrun, l.fields.image])).toEqual([['SIGKILL', null, big]])
    } finally {
      runner.stop()
      conn.close()
    }
  }, 120_000)

  test('told to stop (the server stopping), the child gives back the attempt it began', async () => {
    const { dataDir, conn, big, row } = await setUp()
    const runner = startVariantRunner({ db: conn.db, dataDir, command: selfCommand(), log: keptLog() })
    try {
      await until(() => row(big).note === ATTEMPT_NOTES[0], 'the first attempt to begin', 30_000)
      const child = childrenOf(process.pid).find((c) => c.args.at(-1) === 'images')
      runner.stop()
      await until(() => !childrenOf(process.pid).some((c) => c.pid === child?.pid), 'the child to exit', 30_000)
      expect(row(big)).toMatchObject({ note: null, variantsAt: null })
    } finally {
      conn.close()
    }
  }, 60_000)
})

/** Child processes of `pid` with their command lines, from /proc (the runner does not say which it started). */
function childrenOf(pid: number): { pid: number; args: string[] }[] {
  const read = (path: string) => {
    try {
      return readFileSync(path, 'latin1')
    } catch {
      return ''
    }
  }
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => ({ pid: Number(d), stat: read(`/proc/${d}/stat`) }))
    .filter(({ stat }) => stat && Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid)
    .map(({ pid }) => ({ pid, args: read(`/proc/${pid}/cmdline`).split('\0').filter(Boolean) }))
}
