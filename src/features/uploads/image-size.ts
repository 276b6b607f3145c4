// An image's pixel size read from its header, without decoding it: pages get width and height
// (no layout shift), and an image too large to decode safely is known before it is decoded.
// NOTE: each reader takes the size the way the decoder `folio images` runs would, and refuses
// what that decoder could read differently (issue 32, decision 064): a size that disagrees with
// the decoder's is a decompression bomb the pixel bound never sees.
import { avifSize } from './avif-size'
import type { ImageType } from './image-types'
import { jpegSize } from './jpeg-size'

export type Size = { width: number; height: number }

const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8)
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16)
const u32le = (b: Uint8Array, i: number) => u24le(b, i) + b[i + 3]! * 0x1000000
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!
const tag = (b: Uint8Array, i: number) => String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!)

/** PNG: the IHDR chunk, which must come first (the png crate reads nothing before it). */
function pngSize(b: Uint8Array): Size | null {
  if (b.length < 33 || u32be(b, 8) !== 13 || tag(b, 12) !== 'IHDR') return null
  const size = { width: u32be(b, 16), height: u32be(b, 20) }
  return size.width <= 0x7fffffff && size.height <= 0x7fffffff ? size : null
}

/** A VP8 (lossy) or VP8L (lossless) bitstream's size, from the chunk payload at `at`. */
function bitstreamSize(b: Uint8Array, chunk: string, at: number, length: number): Size | null {
  if (chunk === 'VP8 ') {
    // What libwebp's VP8GetInfo insists on: a shown key frame of a known profile, with the start code.
    const bits = u24le(b, at)
    if (length < 10 || bits & 1 || ((bits >> 1) & 7) > 3 || !((bits >> 4) & 1) || bits >> 5 >= length) return null
    if (b[at + 3] !== 0x9d || b[at + 4] !== 0x01 || b[at + 5] !== 0x2a) return null
    return { width: u16le(b, at + 6) & 0x3fff, height: u16le(b, at + 8) & 0x3fff }
  }
  if (chunk === 'VP8L') {
    if (length < 5 || b[at] !== 0x2f) return null
    const bits = u32le(b, at + 1)
    // The top three bits are a version, which must be 0.
    if (bits >>> 29 !== 0) return null
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  return null
}

/**
 * WebP: a lone VP8 or VP8L chunk, or VP8X's canvas. libwebp decodes a still VP8X file only when
 * its bitstream is the canvas's size, so that is checked; an animation keeps its canvas (libwebp's
 * still decoder refuses it, so it is never decoded).
 */
function webpSize(b: Uint8Array): Size | null {
  if (b.length < 20) return null
  const first = tag(b, 12)
  if (first !== 'VP8X') return bitstreamSize(b, first, 20, Math.min(u32le(b, 16), b.length - 20))
  if (b.length < 30) return null
  const canvas = { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 }
  if (b[20]! & 0x02) return canvas
  for (let i = 20 + u32le(b, 16) + (u32le(b, 16) & 1); i + 8 <= b.length; ) {
    const chunk = tag(b, i)
    const length = u32le(b, i + 4)
    if (chunk === 'VP8 ' || chunk === 'VP8L') {
      const size = bitstreamSize(b, chunk, i + 8, Math.min(length, b.length - i - 8))
      return size && size.width === canvas.width && size.height === canvas.height ? canvas : null
    }
    i += 8 + length + (length & 1)
  }
  return null
}

/** The size of an image `sniffImage` recognised, or null when its header does not say it for sure. */
export function imageSize(bytes: Uint8Array, type: ImageType): Size | null {
  if (bytes.length < 10) return null
  const size =
    type.ext === 'png' ? pngSize(bytes)
    // A GIF is never decoded (it keeps only its original): its screen size is what browsers show.
    : type.ext === 'gif' ? { width: u16le(bytes, 6), height: u16le(bytes, 8) }
    : type.ext === 'jpg' ? jpegSize(bytes)
    : type.ext === 'webp' ? webpSize(bytes)
    : avifSize(bytes)
  return size && size.width > 0 && size.height > 0 ? size : null
}

/** The decoder read another size than the header gave: the recorded size, and the bound checked on it, were wrong. */
export class SizeDisagrees extends Error {
  constructor(readonly decoded: Size, readonly recorded: Size) {
    super(`decoded as ${decoded.width}×${decoded.height} but its header says ${recorded.width}×${recorded.height}`)
  }
}
