// Real images for the upload tests: PNGs drawn by resvg (already folio's share-card painter),
// a JPEG by jSquash's MozJPEG. A photo-like gradient with shapes, so the codecs do real work.
import { Resvg } from '@resvg/resvg-wasm'
import { resvgReady } from '#src/features/share-cards/resvg'
import jpegEncode, { init as initJpegEncode } from '@jsquash/jpeg/encode.js'
import jpegEncWasm from '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm' with { type: 'file' }

export async function drawPng(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  await resvgReady()
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b5"/><stop offset="1" stop-color="#14d"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.4}" r="${height * 0.25}" fill="#fc3" opacity="0.8"/>
    <rect x="${width * 0.55}" y="${height * 0.2}" width="${width * 0.3}" height="${height * 0.5}" fill="#fff" opacity="0.6"/>
  </svg>`
  return new Uint8Array(new Resvg(svg).render().asPng())
}

export async function drawJpeg(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  await initJpegEncode(await WebAssembly.compile(await Bun.file(jpegEncWasm).arrayBuffer()))
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set([(x * 255) / width, (y * 255) / height, 128, 255], (y * width + x) * 4)
  }
  return new Uint8Array(await jpegEncode({ data, width, height, colorSpace: 'srgb' } as ImageData, { quality: 80 }))
}

/** A PNG header saying `width`×`height`, with no pixels behind it (a decompression bomb's shape). */
export function pngHeaderOnly(width: number, height: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(64)
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
  new DataView(b.buffer).setUint32(16, width)
  new DataView(b.buffer).setUint32(20, height)
  return b
}
