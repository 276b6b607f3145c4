import { describe, expect, test } from 'bun:test'
import { isPdf, sniffImage } from '#src/features/uploads/image-types'

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)))

describe('recognising uploads by their bytes', () => {
  test.each([
    ['PNG', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], 'rest'), 'image/png', 'png'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'image/jpeg', 'jpg'],
    ['GIF87a', bytes('GIF87a', [1, 0]), 'image/gif', 'gif'],
    ['GIF89a', bytes('GIF89a', [1, 0]), 'image/gif', 'gif'],
    ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp', 'webp'],
    ['AVIF', bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0]), 'image/avif', 'avif'],
  ])('accepts %s', (_name, input, mime, ext) => {
    expect(sniffImage(input)).toEqual({ mime, ext })
  })

  test.each([
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
    ['a RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['nothing', bytes()],
  ])('refuses %s', (_name, input) => {
    expect(sniffImage(input)).toBeNull()
  })

  test('a PDF starts with %PDF-', () => {
    expect(isPdf(bytes('%PDF-1.7\n'))).toBe(true)
    expect(isPdf(bytes('%PDX-1.7\n'))).toBe(false)
  })
})
