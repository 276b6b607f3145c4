// A JPEG's frame size as MozJPEG (libjpeg's marker reader, jdmarker.c) will decode it, found by
// walking the markers the way that reader walks them. A reader that walks them any other way can
// be shown one size while the decoder allocates another (issue 32: a lone FF01 marker read as a
// segment length hid a 7000×7000 frame behind a 16×16 one).
import type { Size } from './image-size'

/** Frames MozJPEG decodes: baseline, extended, progressive (Huffman), sequential and progressive (arithmetic). */
const DECODED_FRAMES = new Set([0xc0, 0xc1, 0xc2, 0xc9, 0xca])
/** Frames it refuses (lossless, hierarchical): a file with one never has a size. */
const REFUSED_FRAMES = new Set([0xc3, 0xc5, 0xc6, 0xc7, 0xcb, 0xcd, 0xce, 0xcf])
/** Segments with a length that it reads or skips: DHT, DAC, DQT, DNL, DRI, SOS, APP0-15, COM. */
const SEGMENTS = new Set([0xc4, 0xcc, 0xdb, 0xdc, 0xdd, 0xda, 0xfe, ...Array.from({ length: 16 }, (_, i) => 0xe0 + i)])

const u16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!

/**
 * The next marker at or after `i`, as libjpeg's next_marker and its entropy decoder find one:
 * bytes before an FF are skipped, FF fill bytes are swallowed, FF 00 is a data byte. Returns the
 * marker's code and the index after it, or null at the end of the file.
 */
function nextMarker(b: Uint8Array, i: number): { code: number; at: number } | null {
  for (;;) {
    while (i < b.length && b[i] !== 0xff) i++
    while (i < b.length && b[i] === 0xff) i++
    if (i >= b.length) return null
    const code = b[i++]!
    if (code !== 0x00) return { code, at: i }
  }
}

/**
 * The size of the one frame a JPEG has, or null when MozJPEG would not decode it or the answer
 * could differ: no SOI first, a second SOI or SOF, a frame it refuses, an unknown marker, a
 * malformed frame header, or no scan after the frame. A file cut short after its first scan
 * decodes (libjpeg fills the rest with grey), so it keeps its size.
 */
export function jpegSize(b: Uint8Array): Size | null {
  if (b[0] !== 0xff || b[1] !== 0xd8) return null
  let frame: Size | null = null
  let scanned = false
  for (let i = 2; ; ) {
    const marker = nextMarker(b, i)
    if (!marker || marker.code === 0xd9) break
    const { code, at } = marker
    // TEM and RST0-7 stand alone: no length follows them.
    if (code === 0x01 || (code >= 0xd0 && code <= 0xd7)) {
      i = at
      continue
    }
    if (code === 0xd8 || REFUSED_FRAMES.has(code)) return null
    const isFrame = DECODED_FRAMES.has(code)
    if (!isFrame && !SEGMENTS.has(code)) return null
    if (at + 2 > b.length) break
    const length = u16(b, at)
    if (length < 2 || at + length > b.length) {
      if (!scanned) return null
      break
    }
    if (isFrame) {
      // One frame, whose header holds exactly its components (libjpeg's get_sof refuses otherwise).
      if (frame || length < 8 || b[at + 7] === 0 || length !== 8 + 3 * b[at + 7]!) return null
      frame = { height: u16(b, at + 3), width: u16(b, at + 5) }
      if (!frame.width || !frame.height) return null
    }
    if (code === 0xda) {
      if (!frame) return null
      scanned = true
    }
    i = at + length
  }
  return scanned ? frame : null
}
