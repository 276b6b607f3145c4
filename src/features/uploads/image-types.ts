// Image types an upload may be, recognised by their first bytes (never by the name or header).
export type ImageType = { mime: string; ext: string }

const starts = (b: Uint8Array, bytes: number[], offset = 0) => bytes.every((x, i) => b[offset + i] === x)
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0))

export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' }
  if (starts(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' }
  if (starts(bytes, ascii('GIF87a')) || starts(bytes, ascii('GIF89a'))) return { mime: 'image/gif', ext: 'gif' }
  if (starts(bytes, ascii('RIFF')) && starts(bytes, ascii('WEBP'), 8)) return { mime: 'image/webp', ext: 'webp' }
  if (starts(bytes, ascii('ftyp'), 4) && (starts(bytes, ascii('avif'), 8) || starts(bytes, ascii('avis'), 8))) return { mime: 'image/avif', ext: 'avif' }
  return null
}

export const isPdf = (bytes: Uint8Array) => starts(bytes, ascii('%PDF-'))

export const IMAGE_MIME_BY_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp', avif: 'image/avif' }
