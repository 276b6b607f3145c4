// The responsive variants of one image: decoded, resized (Lanczos) and encoded as AVIF and WebP by
// jSquash, Squoosh's codecs compiled to WebAssembly, so the one binary carries them (sharp's
// native libvips cannot be embedded in it; decision 059). Only `folio images` loads this, in its
// own process: the codecs' memory grows to a few hundred MB on a large photo and is given back
// when that process exits, never held by the server. Each step's codec is dropped before the next
// grows its own, so the process peaks at its largest step (decision 064).
import avifEncode, { init as initAvifEncode } from '@jsquash/avif/encode.js'
import avifEncWasm from '@jsquash/avif/codec/enc/avif_enc.wasm' with { type: 'file' }
import resize, { initResize } from '@jsquash/resize'
// @ts-expect-error: the package's .d.ts types the module's exports; a file import gives its path.
import resizeWasm from '@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm' with { type: 'file' }
import webpEncode, { init as initWebpEncode } from '@jsquash/webp/encode.js'
import webpEncWasm from '@jsquash/webp/codec/enc/webp_enc.wasm' with { type: 'file' }
import webpEncSimdWasm from '@jsquash/webp/codec/enc/webp_enc_simd.wasm' with { type: 'file' }
import { simd } from 'wasm-feature-detect'
import { withFreshInstance, type Codec } from './codec-instances'
import { canDecode, decodeImage } from './decoders'
import { levelsFor, premultiplied, unpremultiply, type Pixels } from './halve'
import { SizeDisagrees, type Size } from './image-size'

export type Variant = { width: number; ext: 'avif' | 'webp'; bytes: Uint8Array }

type Encoder = Codec & { ext: Variant['ext']; encode(image: ImageData): Promise<ArrayBuffer> }

/** Quality settings Squoosh suggests for photos; AVIF at speed 7 trades a few % of size for time. */
const ENCODERS: Encoder[] = [
  { ext: 'avif', wasm: avifEncWasm, init: initAvifEncode, encode: (image) => avifEncode(image, { quality: 55, speed: 7 }), fresh: true },
  {
    ext: 'webp',
    // webp's init picks its SIMD build where the engine has SIMD; the module given must match.
    wasm: async () => ((await simd()) ? webpEncSimdWasm : webpEncWasm),
    init: initWebpEncode,
    encode: (image) => webpEncode(image, { quality: 78, method: 4 }),
    fresh: true,
  },
]
const RESIZE: Codec = { wasm: resizeWasm, init: (module) => initResize(module), fresh: false }

/**
 * Lets the collector free the codec just dropped before the next step grows its own memory.
 * NOTE: JavaScriptCore keeps the WebAssembly instance that ran last reachable: a dropped decoder
 * was freed only once another instance had run (measured: a 12 MP JPEG's 131 MB came back after a
 * 1-pixel resize and a collection, and not without the resize).
 */
async function freeDropped() {
  await resize({ data: new Uint8ClampedArray(4), width: 1, height: 1 } as ImageData, { width: 1, height: 1 })
  Bun.gc(true)
}

/** The decoded image halved for each width (levelsFor); the full-size decode is garbage once this returns. */
async function decodeLevels(ext: string, bytes: ArrayBuffer, recorded: Size, widths: number[]): Promise<Map<number, Pixels>> {
  const image = await decodeImage(ext, bytes)
  if (!image) throw new Error('the image could not be decoded')
  if (image.width !== recorded.width || image.height !== recorded.height) throw new SizeDisagrees(image, recorded)
  return levelsFor(image, widths)
}

/** A level scaled to `width` (Lanczos, in sRGB; colour premultiplied by alpha where there is any). */
async function scaled(level: Pixels, width: number, height: number): Promise<Pixels> {
  if (level.width === width && level.height === height) return level
  const weighted = premultiplied(level)
  const out = await resize((weighted ?? level) as ImageData, { width, height, method: 'lanczos3', fitMethod: 'stretch', premultiply: false, linearRGB: false })
  return weighted ? unpremultiply(out) : out
}

/**
 * Every variant of an image at `widths` (each narrower or as wide as the image). `recorded` is the
 * size its header gave (and the pixel bounds were checked on): a decode of any other size is refused.
 */
export async function makeVariants(bytes: ArrayBuffer, ext: string, recorded: Size, widths: number[]): Promise<Variant[]> {
  if (!canDecode(ext)) return []
  // The resize is instantiated once (wasm-bindgen); freeDropped runs it between the steps.
  await withFreshInstance(RESIZE, async () => {})
  const levels = await decodeLevels(ext, bytes, recorded, widths)
  await freeDropped()
  const images: Pixels[] = []
  for (const width of widths) images.push(await scaled(levels.get(width)!, width, Math.max(1, Math.round((recorded.height * width) / recorded.width))))
  levels.clear()
  const out: Variant[] = []
  for (const encoder of ENCODERS) {
    await withFreshInstance(encoder, async () => {
      for (const [i, image] of images.entries()) out.push({ width: widths[i]!, ext: encoder.ext, bytes: new Uint8Array(await encoder.encode(image as ImageData)) })
    })
    await freeDropped()
  }
  return out.sort((a, b) => a.width - b.width)
}
