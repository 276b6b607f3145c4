// An image's pixel size read from its header, without decoding it: pages get width and height
// (no layout shift), and an image too large to decode safely is known before it is decoded.
import type { ImageType } from './image-types'

export type Size = { width: number; height: number }

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8)
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16)
const tag = (b: Uint8Array, i: number) => String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!)

function jpegSize(b: Uint8Array): Size | null {
  let i = 2
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null
    const marker = b[i + 1]!
    if (marker === 0xff) { i += 1; continue }
    // SOF0..SOF15 carry the frame size; C4 (Huffman), C8 (reserved) and CC (arithmetic) do not.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) }
    }
    i += 2 + u16be(b, i + 2)
  }
  return null
}

function webpSize(b: Uint8Array): Size | null {
  const chunk = tag(b, 12)
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 }
  if (chunk === 'VP8L') {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff }
  return null
}

/** AVIF (ISO BMFF): the first `ispe` property box holds the primary image's size. */
function avifSize(b: Uint8Array): Size | null {
  const end = Math.min(b.length - 16, 64 * 1024)
  for (let i = 4; i < end; i++) {
    if (b[i] === 0x69 && tag(b, i) === 'ispe') return { width: u32be(b, i + 8), height: u32be(b, i + 12) }
  }
  return null
}

/** The size of an image `sniffImage` recognised, or null when its header does not say. */
export function imageSize(bytes: Uint8Array, type: ImageType): Size | null {
  if (bytes.length < 10) return null
  const size =
    type.ext === 'png' ? { width: u32be(bytes, 16), height: u32be(bytes, 20) }
    : type.ext === 'gif' ? { width: u16le(bytes, 6), height: u16le(bytes, 8) }
    : type.ext === 'jpg' ? jpegSize(bytes)
    : type.ext === 'webp' ? webpSize(bytes)
    : avifSize(bytes)
  return size && size.width > 0 && size.height > 0 ? size : null
}
