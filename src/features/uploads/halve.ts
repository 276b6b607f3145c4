// An image halved in each direction, each output pixel the mean of four in linear light (colour
// weighted by alpha). make-variants.ts halves a large photo this way until it is less than twice
// the widest variant before the Lanczos resize: the resize (WebAssembly, floats per channel)
// costs about 20 bytes a pixel of its input, this a quarter of a byte (decision 064).

export type Pixels = { data: Uint8ClampedArray; width: number; height: number }

const TO_LINEAR = Uint16Array.from({ length: 256 }, (_, v) => {
  const c = v / 255
  return Math.round(65535 * (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
})
let toSrgb: Uint8Array | null = null
/** 64 KiB, made on first use: the server never halves anything. */
const TO_SRGB = () =>
  (toSrgb ??= Uint8Array.from({ length: 65536 }, (_, v) => {
    const l = v / 65535
    return Math.round(255 * (l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055))
  }))

/** Half the width and height (an odd last row or column is dropped). */
export function halve(source: Pixels): Pixels {
  const width = source.width >> 1
  const height = source.height >> 1
  const s = source.data
  const out = new Uint8ClampedArray(width * height * 4)
  const srgb = TO_SRGB()
  const row = source.width * 4
  for (let y = 0; y < height; y++) {
    for (let x = 0, a = 2 * y * row, o = y * width * 4; x < width; x++, a += 8, o += 4) {
      const b = a + 4
      const c = a + row
      const d = c + 4
      const alpha = s[a + 3]! + s[b + 3]! + s[c + 3]! + s[d + 3]!
      out[o + 3] = (alpha + 2) >> 2
      if (alpha === 0) continue
      for (let k = 0; k < 3; k++) {
        const sum = TO_LINEAR[s[a + k]!]! * s[a + 3]! + TO_LINEAR[s[b + k]!]! * s[b + 3]! + TO_LINEAR[s[c + k]!]! * s[c + 3]! + TO_LINEAR[s[d + k]!]! * s[d + 3]!
        out[o + k] = srgb[Math.round(sum / alpha)]!
      }
    }
  }
  return { data: out, width, height }
}

/**
 * For each width, the image halved until less than twice that width (never below it): the Lanczos
 * step after it then scales by less than 2, where resizing in sRGB instead of linear light is
 * close to invisible, and reads at most four times the variant's pixels. Only these are kept.
 */
export function levelsFor(image: Pixels, widths: number[]): Map<number, Pixels> {
  const levels = new Map<number, Pixels>()
  let level = image
  for (const width of [...widths].sort((a, b) => b - a)) {
    while (level.width >= 2 * width && level.height >= 2) level = halve(level)
    levels.set(width, level)
  }
  return levels
}

const opaque = (p: Pixels) => {
  for (let i = 3; i < p.data.length; i += 4) if (p.data[i] !== 255) return false
  return true
}

/** Colour scaled by alpha, in place of the resize's own premultiplication (which needs floats: 16 bytes a pixel). */
export function premultiplied(p: Pixels): Pixels | null {
  if (opaque(p)) return null
  const data = new Uint8ClampedArray(p.data)
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3]!
    for (let k = 0; k < 3; k++) data[i + k] = Math.round((data[i + k]! * a) / 255)
  }
  return { data, width: p.width, height: p.height }
}

/** Undoes `premultiplied`, in place. */
export function unpremultiply(p: Pixels): Pixels {
  const data = p.data
  for (let i = 0; i < data.length; i += 4) {
    const a = data[i + 3]!
    if (a > 0 && a < 255) for (let k = 0; k < 3; k++) data[i + k] = Math.round((data[i + k]! * 255) / a)
  }
  return p
}
