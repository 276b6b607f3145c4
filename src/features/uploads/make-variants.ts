// The responsive variants of one image: decoded, resized (Lanczos) and encoded as AVIF and WebP by
// jSquash, Squoosh's codecs compiled to WebAssembly, so the one binary carries them (sharp's
// native libvips cannot be embedded in it; decision 059). Only `folio images` loads this, in its
// own process: the codecs' memory grows to a few hundred MB on a large photo and is given back
// when that process exits, never held by the server.
import avifDecode, { init as initAvifDecode } from '@jsquash/avif/decode.js'
import avifDecWasm from '@jsquash/avif/codec/dec/avif_dec.wasm' with { type: 'file' }
import avifEncode, { init as initAvifEncode } from '@jsquash/avif/encode.js'
import avifEncWasm from '@jsquash/avif/codec/enc/avif_enc.wasm' with { type: 'file' }
import jpegDecode, { init as initJpegDecode } from '@jsquash/jpeg/decode.js'
import jpegDecWasm from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm' with { type: 'file' }
import pngDecode, { init as initPngDecode } from '@jsquash/png/decode.js'
// @ts-expect-error: the package's .d.ts types the module's exports; a file import gives its path.
import pngWasm from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm' with { type: 'file' }
import resize, { initResize } from '@jsquash/resize'
// @ts-expect-error: as above.
import resizeWasm from '@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm' with { type: 'file' }
import webpDecode, { init as initWebpDecode } from '@jsquash/webp/decode.js'
import webpDecWasm from '@jsquash/webp/codec/dec/webp_dec.wasm' with { type: 'file' }
import webpEncode, { init as initWebpEncode } from '@jsquash/webp/encode.js'
import webpEncWasm from '@jsquash/webp/codec/enc/webp_enc.wasm' with { type: 'file' }
import webpEncSimdWasm from '@jsquash/webp/codec/enc/webp_enc_simd.wasm' with { type: 'file' }
import { simd } from 'wasm-feature-detect'

const compile = async (path: string) => WebAssembly.compile(await Bun.file(path).arrayBuffer())

let ready: Promise<unknown> | null = null
const load = () =>
  (ready ??= Promise.all([
    compile(avifDecWasm).then((m) => initAvifDecode(m)),
    compile(avifEncWasm).then((m) => initAvifEncode(m)),
    compile(jpegDecWasm).then((m) => initJpegDecode(m)),
    compile(pngWasm).then((m) => initPngDecode(m)),
    compile(resizeWasm).then((m) => initResize(m)),
    compile(webpDecWasm).then((m) => initWebpDecode(m)),
    // webp's init picks its SIMD build where the engine has SIMD; the module given must match.
    simd().then(async (has) => initWebpEncode(await compile(has ? webpEncSimdWasm : webpEncWasm))),
  ]))

const decoders: Record<string, (bytes: ArrayBuffer) => Promise<ImageData | null>> = {
  png: (b) => pngDecode(b),
  jpg: (b) => jpegDecode(b),
  webp: (b) => webpDecode(b),
  avif: (b) => avifDecode(b),
}

export type Variant = { width: number; ext: 'avif' | 'webp'; bytes: Uint8Array }

/** Quality settings Squoosh suggests for photos; AVIF at speed 7 trades a few % of size for time. */
const AVIF = { quality: 55, speed: 7 }
const WEBP = { quality: 78, method: 4 }

/** Every variant of an image at `widths` (each narrower or as wide as the image). */
export async function makeVariants(bytes: ArrayBuffer, ext: string, widths: number[]): Promise<Variant[]> {
  const decode = decoders[ext]
  if (!decode) return []
  await load()
  const image = await decode(bytes)
  if (!image) throw new Error('the image could not be decoded')
  const out: Variant[] = []
  for (const width of widths) {
    const height = Math.max(1, Math.round((image.height * width) / image.width))
    const scaled = width === image.width ? image : await resize(image, { width, height, method: 'lanczos3', fitMethod: 'stretch', premultiply: true, linearRGB: true })
    out.push({ width, ext: 'avif', bytes: new Uint8Array(await avifEncode(scaled, AVIF)) })
    out.push({ width, ext: 'webp', bytes: new Uint8Array(await webpEncode(scaled, WEBP)) })
  }
  return out
}
