import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '#db/connection'
import { migrate } from '#db/migrate'
import { images } from '#db/schema'
import { imagesDir, variantsDir } from '#src/features/uploads/image-names'
import { imageSets, plannedWidths, recordImage } from '#src/features/uploads/image-records'
import { imageSize } from '#src/features/uploads/image-size'
import { sniffImage } from '#src/features/uploads/image-types'
import { makeVariants } from '#src/features/uploads/make-variants'
import { sweepImages } from '#src/features/uploads/variant-sweep'
import { drawJpeg, drawPng, pngHeaderOnly } from '#tests/support/data/images'

const sizeOf = (bytes: Uint8Array) => imageSize(bytes, sniffImage(bytes)!)

describe('an image size read from its header', () => {
  test('PNG, JPEG, GIF, and the WebP and AVIF folio makes', async () => {
    expect(sizeOf(await drawPng(321, 123))).toEqual({ width: 321, height: 123 })
    expect(sizeOf(await drawJpeg(200, 75))).toEqual({ width: 200, height: 75 })
    expect(sizeOf(new Uint8Array([...new TextEncoder().encode('GIF89a'), 0x2c, 0x01, 0x64, 0x00, 0, 0, 0, 0x3b]))).toEqual({ width: 300, height: 100 })
    const made = await makeVariants((await drawPng(1000, 500)).buffer, 'png', { width: 1000, height: 500 }, [480, 1000])
    expect(made.map((v) => [v.ext, v.width, sizeOf(v.bytes)])).toEqual([
      ['avif', 480, { width: 480, height: 240 }],
      ['webp', 480, { width: 480, height: 240 }],
      ['avif', 1000, { width: 1000, height: 500 }],
      ['webp', 1000, { width: 1000, height: 500 }],
    ])
  })

  test('a truncated or zero-sized header has no size', () => {
    expect(sizeOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]))).toBeNull()
    expect(sizeOf(pngHeaderOnly(0, 10))).toBeNull()
    expect(sizeOf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 1, 2, 3, 4, 5]))).toBeNull()
  })
})

describe('the widths made', () => {
  test.each([
    [4000, [480, 960, 1440]],
    [1440, [480, 960, 1440]],
    [1000, [480, 1000]],
    [500, [500]],
    [120, [120]],
  ])('an image %i px wide gets %p', (width, widths) => {
    expect(plannedWidths(width)).toEqual(widths)
  })
})

describe('a sweep', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))
  const fresh = () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'folio-images-'))
    dirs.push(dataDir)
    mkdirSync(imagesDir(dataDir), { recursive: true })
    const conn = openDatabase(dataDir)
    migrate(conn.sqlite)
    return { dataDir, conn }
  }
  const hash = (c: string) => c.repeat(32)

  test('records files it did not know, makes their variants, and names them in a page srcset', async () => {
    const { dataDir, conn } = fresh()
    writeFileSync(join(imagesDir(dataDir), `${hash('a')}.png`), await drawPng(1200, 600))
    const result = await sweepImages(conn.db, dataDir)
    expect(result).toEqual({ recorded: 1, made: 1, skipped: [] })
    for (const w of [480, 960, 1200]) for (const ext of ['avif', 'webp']) expect(existsSync(join(variantsDir(dataDir), `${hash('a')}-${w}.${ext}`))).toBe(true)
    const set = imageSets(conn.db, [`/uploads/images/${hash('a')}.png`, '/media/x.svg']).get(`/uploads/images/${hash('a')}.png`)!
    expect(set).toEqual({
      src: `/uploads/images/${hash('a')}.png`,
      width: 1200,
      height: 600,
      sources: [
        { type: 'image/avif', srcset: [480, 960, 1200].map((w) => `/uploads/images/variants/${hash('a')}-${w}.avif ${w}w`).join(', ') },
        { type: 'image/webp', srcset: [480, 960, 1200].map((w) => `/uploads/images/variants/${hash('a')}-${w}.webp ${w}w`).join(', ') },
      ],
    })
    expect(imageSets(conn.db, ['/media/x.svg']).get('/media/x.svg')).toEqual({ src: '/media/x.svg', sources: [] })
    // Done is done: a second sweep has nothing to do.
    expect(await sweepImages(conn.db, dataDir, () => Promise.reject(new Error('called again')))).toEqual({ recorded: 0, made: 0, skipped: [] })
    conn.close()
  })

  test('never decodes a GIF or an image past the pixel bound, and a failure is noted once, not retried', async () => {
    const { dataDir, conn } = fresh()
    const calls: string[] = []
    recordImage(conn.db, `${hash('b')}.gif`, { width: 10, height: 10 })
    writeFileSync(join(imagesDir(dataDir), `${hash('b')}.gif`), 'GIF89a')
    // 20,000 × 20,000: 1.6 GB decoded. Only its header exists; the sweep must not try.
    writeFileSync(join(imagesDir(dataDir), `${hash('c')}.png`), pngHeaderOnly(20_000, 20_000))
    writeFileSync(join(imagesDir(dataDir), `${hash('d')}.png`), await drawPng(100, 100))
    const result = await sweepImages(conn.db, dataDir, async (_bytes, ext) => {
      calls.push(ext)
      throw new Error('corrupt data')
    })
    expect(calls).toEqual(['png'])
    expect(result.made).toBe(0)
    expect(result.skipped.map((s) => [s.name.slice(0, 1), s.note]).sort()).toEqual([
      ['b', 'a GIF keeps only its original (it may be animated)'],
      ['c', 'larger than 13 megapixels: only the original is served'],
      ['d', 'variants failed: corrupt data'],
    ])
    expect(conn.db.select().from(images).all().every((r) => r.variantsAt && r.variantWidths.length === 0)).toBe(true)
    expect((await sweepImages(conn.db, dataDir, async () => (calls.push('again'), []))).skipped).toEqual([])
    expect(calls).toEqual(['png'])
    conn.close()
  })
})
