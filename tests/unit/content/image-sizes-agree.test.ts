// Issue 32, finding 5: an image's recorded size is the size its decoder will decode, or the image
// has no size (and is refused at upload). Fixtures from tests/fixtures/images/make-image-fixtures.ts.
import { beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { decodeImage } from '#src/features/uploads/decoders'
import { imageSize } from '#src/features/uploads/image-size'
import { sniffImage } from '#src/features/uploads/image-types'
import { drawJpeg, drawPng } from '#tests/support/data/images'
import { REPO_ROOT } from '#tests/support/repo-root'

const sizeOf = (bytes: Uint8Array) => imageSize(bytes, sniffImage(bytes)!)
const fixture = async (name: string) => new Uint8Array(await Bun.file(join(REPO_ROOT, 'tests/fixtures/images', name)).arrayBuffer())
const cat = (...parts: (Uint8Array | number[])[]) => new Uint8Array(Buffer.concat(parts.map((p) => new Uint8Array(p))))

describe('the fixtures of the audit', () => {
  test('a lone FF01 marker cannot hide the 7000×7000 frame the decoder reads behind a 16×16 one', async () => {
    expect(sizeOf(await fixture('ff01-hidden-frame.jpg'))).toEqual({ width: 7000, height: 7000 })
  })

  test('an AVIF is sized by its primary item, not by `ispe` among its brands, and the decoder agrees', async () => {
    const bytes = await fixture('ispe-in-brands.avif')
    expect(sizeOf(bytes)).toEqual({ width: 96, height: 64 })
    const decoded = await decodeImage('avif', bytes.slice().buffer)
    expect({ width: decoded!.width, height: decoded!.height }).toEqual({ width: 96, height: 64 })
  })

  test('the 137-byte JPEG says 6300×6300 (39.7 MP), as its decoder would decode it', async () => {
    const bytes = await fixture('tiny-39mp.jpg')
    expect(bytes.byteLength).toBeLessThan(300)
    expect(sizeOf(bytes)).toEqual({ width: 6300, height: 6300 })
  })
})

describe('a JPEG read the way MozJPEG reads it', () => {
  // A real 40×30 JPEG, split at its frame header: SOI, what comes before SOF0, SOF0, the rest.
  let jpeg: Uint8Array
  let sof: Uint8Array
  let before: Uint8Array
  let after: Uint8Array
  beforeAll(async () => {
    jpeg = await drawJpeg(40, 30)
    const at = jpeg.findIndex((b, i) => b === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2))
    const length = (jpeg[at + 2]! << 8) | jpeg[at + 3]!
    before = jpeg.slice(2, at)
    sof = jpeg.slice(at, at + 2 + length)
    after = jpeg.slice(at + 2 + length)
  })
  const SOI = [0xff, 0xd8]
  const frame = (marker: number, width: number, height: number) => {
    const out = sof.slice()
    out.set([0xff, marker], 0)
    out.set([height >> 8, height & 255, width >> 8, width & 255], 5)
    return out
  }
  const app1 = (payload: Uint8Array) => cat([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 255], payload)

  test.each([
    ['as it is', () => jpeg, { width: 40, height: 30 }],
    ['with fill bytes before its markers', () => cat(SOI, [0xff, 0xff, 0xff], before, [0xff, 0xff], sof, after), { width: 40, height: 30 }],
    ['with RST and TEM markers, which have no length', () => cat(SOI, [0xff, 0xd0, 0xff, 0x01], before, sof, after), { width: 40, height: 30 }],
    ['with an EXIF thumbnail (a whole JPEG with its own frame) inside APP1', () => cat(SOI, app1(cat(SOI, frame(0xc0, 4000, 3000))), before, sof, after), { width: 40, height: 30 }],
    ['cut short inside its scan (decoded, the rest grey)', () => jpeg.slice(0, jpeg.length - 20), { width: 40, height: 30 }],
  ])('%s has its size', (_name, bytes, size) => {
    expect(sizeOf(bytes())).toEqual(size)
  })

  test.each([
    ['a second frame after the first', () => cat(SOI, before, sof, frame(0xc0, 7000, 7000), after)],
    ['a second frame after the scan', () => cat(jpeg.slice(0, -2), frame(0xc2, 7000, 7000), [0xff, 0xd9])],
    ['a lossless frame (SOF3), which MozJPEG refuses', () => cat(SOI, before, frame(0xc3, 40, 30), after)],
    ['a hierarchical frame (SOF5)', () => cat(SOI, before, frame(0xc5, 40, 30), after)],
    ['an unknown marker (JPG, FF C8)', () => cat(SOI, [0xff, 0xc8, 0, 4, 0, 0], before, sof, after)],
    ['a second SOI', () => cat(SOI, SOI, before, sof, after)],
    ['a scan before any frame', () => cat(SOI, before, after, sof)],
    ['a frame header whose length is not its components’', () => cat(SOI, before, sof.slice(0, -3).map((b, i) => (i === 3 ? b - 3 : b)), after)],
    ['no scan at all', () => cat(SOI, before, sof, [0xff, 0xd9])],
    ['a cut inside its headers', () => cat(SOI, before, sof.slice(0, 6))],
  ])('%s has no size', (_name, bytes) => {
    expect(sizeOf(bytes())).toBeNull()
  })
})

describe('PNG, WebP and AVIF headers', () => {
  test('a PNG whose first chunk is not IHDR has no size (the decoder reads IHDR first)', async () => {
    const png = await drawPng(30, 20)
    // A reader of bytes 16-23 took this chunk's payload for the size: 16×16.
    const text = cat([0, 0, 0, 8], new TextEncoder().encode('tEXt'), [0, 0, 0, 16, 0, 0, 0, 16], [0, 0, 0, 0])
    expect(sizeOf(png)).toEqual({ width: 30, height: 20 })
    expect(sizeOf(cat(png.slice(0, 8), text, png.slice(8)))).toBeNull()
  })

  const riff = (...chunks: Uint8Array[]) => {
    const body = cat(new TextEncoder().encode('WEBP'), ...chunks)
    return cat(new TextEncoder().encode('RIFF'), [body.length & 255, (body.length >> 8) & 255, body.length >> 16, 0], body)
  }
  const chunk = (tag: string, payload: number[]) => cat(new TextEncoder().encode(tag), [payload.length & 255, payload.length >> 8, 0, 0], payload, payload.length & 1 ? [0] : [])
  const vp8l = (width: number, height: number, version = 0) => {
    const bits = (width - 1) | ((height - 1) << 14) | (version << 29)
    return chunk('VP8L', [0x2f, bits & 255, (bits >>> 8) & 255, (bits >>> 16) & 255, bits >>> 24, 0, 0, 0])
  }
  const vp8x = (width: number, height: number, flags = 0) =>
    chunk('VP8X', [flags, 0, 0, 0, (width - 1) & 255, (width - 1) >> 8, 0, (height - 1) & 255, (height - 1) >> 8, 0])

  test.each([
    ['a lone VP8L', riff(vp8l(300, 200)), { width: 300, height: 200 }],
    ['VP8X with its VP8L of the same size', riff(vp8x(300, 200), vp8l(300, 200)), { width: 300, height: 200 }],
    ['an animated VP8X (never decoded: libwebp refuses it)', riff(vp8x(300, 200, 0x02)), { width: 300, height: 200 }],
    ['VP8X whose canvas is not its bitstream’s size', riff(vp8x(300, 200), vp8l(6000, 6000)), null],
    ['VP8L with a version libwebp refuses', riff(vp8l(300, 200, 1)), null],
    ['VP8 without its start code', riff(chunk('VP8 ', [0x10, 0, 0, 0, 0, 0, 44, 1, 200, 0])), null],
  ])('WebP: %s', (_name, bytes, size) => {
    expect(sizeOf(bytes)).toEqual(size)
  })

  test('an AVIF with a broken box tree, or with two sizes for its primary item, has no size', async () => {
    const avif = await fixture('ispe-in-brands.avif')
    expect(sizeOf(avif.slice(0, 300))).toBeNull()
    // ipma: its first entry (the primary item) lists property indices, ispe first (1), pixi next
    // (2). Pointed at ispe again, the item has two sizes: which would a decoder take?
    const twice = avif.slice()
    const ipma = Buffer.from(twice).indexOf('ipma') + 4
    const first = ipma + 4 + 4 + 2 + 1
    expect(twice.slice(first, first + 2)).toEqual(new Uint8Array([0x01, 0x02]))
    twice[first + 1] = 0x01
    expect(sizeOf(twice)).toBeNull()
  })
})
