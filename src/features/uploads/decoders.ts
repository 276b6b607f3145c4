// The decoders `folio images` runs (jSquash: MozJPEG, libwebp, libavif, the png crate), each on a
// fresh instance per image (codec-instances.ts): a decoder's memory is 11-45 bytes a pixel of the
// image (decision 064), and kept alive it would sit beside the resize and the encoders.
import avifDecode, { init as initAvifDecode } from '@jsquash/avif/decode.js'
import avifDecWasm from '@jsquash/avif/codec/dec/avif_dec.wasm' with { type: 'file' }
import jpegDecode, { init as initJpegDecode } from '@jsquash/jpeg/decode.js'
import jpegDecWasm from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm' with { type: 'file' }
import pngDecode, { init as initPngDecode } from '@jsquash/png/decode.js'
// @ts-expect-error: the package's .d.ts types the module's exports; a file import gives its path.
import pngWasm from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm' with { type: 'file' }
import webpDecode, { init as initWebpDecode } from '@jsquash/webp/decode.js'
import webpDecWasm from '@jsquash/webp/codec/dec/webp_dec.wasm' with { type: 'file' }
import { withFreshInstance, type Codec } from './codec-instances'

type Decoder = Codec & { decode(bytes: ArrayBuffer): Promise<ImageData | null> }

const DECODERS: Record<string, Decoder> = {
  jpg: { wasm: jpegDecWasm, init: initJpegDecode, decode: (b) => jpegDecode(b), fresh: true },
  webp: { wasm: webpDecWasm, init: initWebpDecode, decode: (b) => webpDecode(b), fresh: true },
  avif: { wasm: avifDecWasm, init: initAvifDecode, decode: (b) => avifDecode(b), fresh: true },
  png: { wasm: pngWasm, init: initPngDecode, decode: (b) => pngDecode(b), fresh: false },
}

export const canDecode = (ext: string) => ext in DECODERS

/** The image's pixels; the instance that decoded them is dropped before this returns. */
export async function decodeImage(ext: string, bytes: ArrayBuffer): Promise<ImageData | null> {
  const decoder = DECODERS[ext]
  return decoder ? withFreshInstance(decoder, () => decoder.decode(bytes)) : null
}
