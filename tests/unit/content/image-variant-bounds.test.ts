// Issue 32, finding 5: what `folio images` decodes, and what happens to an image whose decode was
// stopped from outside. The real codecs where it matters; a counting stand-in where it must not run.
import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { openDatabase } from '#db/connection'
import { migrate } from '#db/migrate'
import { images } from '#db/schema'
import { halve, levelsFor, premultiplied, unpremultiply } from '#src/features/uploads/halve'
import { imagesDir, variantsDir } from '#src/features/uploads/image-names'
import { recordImage } from '#src/features/uploads/image-records'
import { imageSize } from '#src/features/uploads/image-size'
import { sniffImage } from '#src/features/uploads/image-types'
import { makeVariants } from '#src/features/uploads/make-variants'
import { ATTEMPT_NOTES, markAttempt, releaseAttempt, STOPPED_TWICE } from '#src/features/uploads/variant-attempts'
import { sweepImages } from '#src/features/uploads/variant-sweep'
import { drawPng, pngHeaderOnly } from '#tests/support/data/images'
import { REPO_ROOT } from '#tests/support/repo-root'

const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))
const fresh = () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-image-bounds-'))
  dirs.push(dataDir)
  mkdirSync(imagesDir(dataDir), { recursive: true })
  const conn = openDatabase(dataDir)
  migrate(conn.sqlite)
  return { dataDir, conn, db: conn.db }
}
const hash = (c: string) => c.repeat(32)
const rowOf = (db: ReturnType<typeof fresh>['db'], name: string) => db.select().from(images).where(eq(images.name, name)).get()!

describe('what a sweep decodes', () => {
  test('the 137-byte 39.7 MP JPEG and a long screenshot are never decoded; each keeps its original with a note', async () => {
    const { dataDir, conn, db } = fresh()
    const tiny = await Bun.file(join(REPO_ROOT, 'tests/fixtures/images/tiny-39mp.jpg')).bytes()
    writeFileSync(join(imagesDir(dataDir), `${hash('a')}.jpg`), tiny)
    writeFileSync(join(imagesDir(dataDir), `${hash('b')}.png`), pngHeaderOnly(1440, 8000))
    const decoded: string[] = []
    const result = await sweepImages(db, dataDir, async (_bytes, ext) => (decoded.push(ext), []))
    expect(decoded).toEqual([])
    expect(result.skipped.map((s) => s.note).sort()).toEqual([
      'larger than 13 megapixels: only the original is served',
      'too tall for variants (the widest would pass 4 megapixels): only the original is served',
    ])
    expect(rowOf(db, `${hash('a')}.jpg`)).toMatchObject({ width: 6300, height: 6300, variantWidths: [] })
    conn.close()
  })

  test('a decode of another size than the recorded one is refused with a note: no variants, the original kept', async () => {
    const { dataDir, conn, db } = fresh()
    const name = `${hash('c')}.png`
    writeFileSync(join(imagesDir(dataDir), name), await drawPng(100, 100))
    recordImage(db, name, { width: 50, height: 50 })
    const result = await sweepImages(db, dataDir)
    expect(result).toEqual({ recorded: 0, made: 0, skipped: [{ name, note: 'refused: decoded as 100×100 but its header says 50×50; only the original is served' }] })
    expect(rowOf(db, name)).toMatchObject({ variantWidths: [], note: result.skipped[0]!.note })
    expect(existsSync(variantsDir(dataDir)) ? readdirSync(variantsDir(dataDir)) : []).toEqual([])
    expect(existsSync(join(imagesDir(dataDir), name))).toBe(true)
    conn.close()
  })
})

describe('a decode stopped from outside', () => {
  test('is marked before it starts, retried once, then noted; the images after it are still made', async () => {
    const { dataDir, conn, db } = fresh()
    for (const c of 'def') writeFileSync(join(imagesDir(dataDir), `${hash(c)}.png`), await drawPng(64, 48))
    for (const c of 'def') recordImage(db, `${hash(c)}.png`, { width: 64, height: 48 })
    // d: its first attempt was killed; e: both were; f: never tried.
    markAttempt(db, `${hash('d')}.png`, 1)
    markAttempt(db, `${hash('e')}.png`, 2)
    const notesSeen: (string | null)[] = []
    const result = await sweepImages(db, dataDir, async (_bytes, _ext, _size, widths) => {
      notesSeen.push(db.select({ note: images.note }).from(images).where(eq(images.note, ATTEMPT_NOTES[1])).get()?.note ?? null)
      return widths.map((width) => ({ width, ext: 'webp' as const, bytes: new Uint8Array([1]) }))
    })
    expect(result.made).toBe(2)
    expect(result.skipped).toEqual([{ name: `${hash('e')}.png`, note: STOPPED_TWICE }])
    expect(notesSeen[0]).toBe(ATTEMPT_NOTES[1])
    expect(rowOf(db, `${hash('d')}.png`)).toMatchObject({ variantWidths: [64], note: null })
    expect(rowOf(db, `${hash('f')}.png`)).toMatchObject({ variantWidths: [64], note: null })
    conn.close()
  })

  test('a sweep told to stop gives back the attempt it began (a restart is not the image’s fault)', () => {
    const { conn, db } = fresh()
    recordImage(db, `${hash('g')}.png`, { width: 10, height: 10 })
    markAttempt(db, `${hash('g')}.png`, 2)
    releaseAttempt(db, `${hash('g')}.png`)
    expect(rowOf(db, `${hash('g')}.png`).note).toBe(ATTEMPT_NOTES[0])
    releaseAttempt(db, `${hash('g')}.png`)
    expect(rowOf(db, `${hash('g')}.png`).note).toBeNull()
    conn.close()
  })
})

describe('halving before the resize', () => {
  const pixels = (width: number, height: number, fill: (x: number, y: number) => number[]) => {
    const data = new Uint8ClampedArray(width * height * 4)
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set(fill(x, y), (y * width + x) * 4)
    return { data, width, height }
  }

  test('averages in linear light: black and white make sRGB 188, not 128', () => {
    const checker = pixels(4, 2, (x) => (x % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255]))
    expect([...halve(checker).data.slice(0, 4)]).toEqual([188, 188, 188, 255])
  })

  test('weights colour by alpha: a transparent neighbour adds no colour', () => {
    const half = pixels(2, 2, (x) => (x ? [0, 0, 0, 0] : [200, 40, 10, 255]))
    expect([...halve(half).data]).toEqual([200, 40, 10, 128])
  })

  test('keeps only what each width needs, each less than twice that width', () => {
    const levels = levelsFor(pixels(6000, 10, () => [1, 2, 3, 255]), [480, 960, 1440])
    expect([...levels].map(([w, p]) => [w, p.width])).toEqual([[1440, 1500], [960, 1500], [480, 750]])
  })

  test('premultiplies only an image with alpha, and takes it back', () => {
    expect(premultiplied(pixels(2, 1, () => [10, 20, 30, 255]))).toBeNull()
    const weighted = premultiplied(pixels(1, 1, () => [200, 100, 50, 128]))!
    expect([...weighted.data]).toEqual([100, 50, 25, 128])
    expect([...unpremultiply(weighted).data]).toEqual([199, 100, 50, 128])
  })

  test('a photo wider than twice the widest variant gets variants of the right sizes', async () => {
    const made = await makeVariants((await drawPng(3000, 1500)).buffer, 'png', { width: 3000, height: 1500 }, [480, 960, 1440])
    expect(made.map((v) => [v.ext, v.width, imageSize(v.bytes, sniffImage(v.bytes)!)])).toEqual(
      [480, 960, 1440].flatMap((w) => [['avif', w, { width: w, height: w / 2 }], ['webp', w, { width: w, height: w / 2 }]]),
    )
  }, 60_000)
})
