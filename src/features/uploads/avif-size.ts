// An AVIF's size from its box tree (ISO BMFF, HEIF): ftyp, then meta, whose pitm names the primary
// item and whose iprp holds its properties (ipco) and which of them belong to which item (ipma);
// the size is the primary item's one `ispe`. A byte search for "ispe" found it anywhere, brands
// included (issue 32: an AVIF with `ispe` among its brands was recorded 1×234).
import type { Size } from './image-size'

type Box = { type: string; body: number; end: number }

const u16 = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!
const u32 = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!
const fourcc = (b: Uint8Array, i: number) => String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!)

class Malformed extends Error {}
function need(ok: boolean): asserts ok {
  if (!ok) throw new Malformed()
}

/** The boxes laid end to end in [start, end); any box past its parent's end is malformed. */
function children(b: Uint8Array, start: number, end: number): Box[] {
  const boxes: Box[] = []
  for (let i = start; i < end; ) {
    need(i + 8 <= end)
    let size = u32(b, i)
    let body = i + 8
    if (size === 1) {
      need(i + 16 <= end && u32(b, i + 8) === 0)
      size = u32(b, i + 12)
      body = i + 16
    } else if (size === 0) size = end - i
    need(size >= body - i && i + size <= end)
    boxes.push({ type: fourcc(b, i + 4), body, end: i + size })
    i += size
  }
  return boxes
}

/** The one child of a type (two are ambiguous: which would a decoder read?). */
function only(boxes: Box[], type: string): Box {
  const found = boxes.filter((x) => x.type === type)
  need(found.length === 1)
  return found[0]!
}

/** A FullBox's version (its flags in `flags`), with room for `bytes` after them. */
function full(b: Uint8Array, box: Box, bytes: number) {
  need(box.body + 4 + bytes <= box.end)
  return { version: b[box.body]!, flags: (b[box.body + 1]! << 16) | (b[box.body + 2]! << 8) | b[box.body + 3]!, at: box.body + 4 }
}

function primaryItem(b: Uint8Array, pitm: Box): number {
  const { version, at } = full(b, pitm, 2)
  if (version === 0) return u16(b, at)
  need(at + 4 <= pitm.end)
  return u32(b, at)
}

/** The 1-based ipco indices of the properties ipma gives `item`. */
function propertiesOf(b: Uint8Array, ipmas: Box[], item: number): number[] {
  const indices: number[] = []
  for (const ipma of ipmas) {
    const { version, flags, at } = full(b, ipma, 4)
    const count = u32(b, at)
    let i = at + 4
    for (let e = 0; e < count; e++) {
      const idSize = version < 1 ? 2 : 4
      need(i + idSize + 1 <= ipma.end)
      const id = idSize === 2 ? u16(b, i) : u32(b, i)
      const associations = b[i + idSize]!
      i += idSize + 1
      const each = flags & 1 ? 2 : 1
      need(i + associations * each <= ipma.end)
      for (let a = 0; a < associations; a++, i += each) {
        if (id === item) indices.push(each === 2 ? u16(b, i) & 0x7fff : b[i]! & 0x7f)
      }
    }
  }
  return indices
}

function sizeFromBoxes(b: Uint8Array): Size | null {
  const top = children(b, 0, b.length)
  need(top[0]?.type === 'ftyp')
  const meta = only(top, 'meta')
  const inMeta = children(b, full(b, meta, 0).at, meta.end)
  const hdlr = only(inMeta, 'hdlr')
  need(full(b, hdlr, 8).version === 0 && fourcc(b, hdlr.body + 8) === 'pict')
  const item = primaryItem(b, only(inMeta, 'pitm'))
  const iprpBox = only(inMeta, 'iprp')
  const iprp = children(b, iprpBox.body, iprpBox.end)
  const ipco = only(iprp, 'ipco')
  const properties = children(b, ipco.body, ipco.end)
  const extents = propertiesOf(b, iprp.filter((x) => x.type === 'ipma'), item)
    .map((index) => properties[index - 1])
    .filter((p): p is Box => p?.type === 'ispe')
  need(extents.length === 1)
  const ispe = full(b, extents[0]!, 8)
  return { width: u32(b, ispe.at), height: u32(b, ispe.at + 4) }
}

/** The primary image's size, or null when the box tree is malformed or does not say it once. */
export function avifSize(b: Uint8Array): Size | null {
  try {
    return sizeFromBoxes(b)
  } catch (error) {
    if (error instanceof Malformed) return null
    throw error
  }
}
