import { describe, expect, test } from 'bun:test'
import { cleanLine, cleanText, slugify, splitList } from '#src/contract/text'

describe('slug generation', () => {
  test.each([
    ['Hello World', 'hello-world'],
    ['  Spaces   everywhere  ', 'spaces-everywhere'],
    ['Crème brûlée über Ærø', 'creme-brulee-uber-aero'],
    ["Don't panic: C++ & CUDA!", 'dont-panic-c-cuda'],
    ['---', ''],
    ['RISC-V on an iCE40', 'risc-v-on-an-ice40'],
  ])('slugifies %p as %p', (title, slug) => {
    expect(slugify(title)).toBe(slug)
  })

  test('caps slugs at 80 characters without a trailing dash', () => {
    const slug = slugify('word '.repeat(40))
    expect(slug.length).toBeLessThanOrEqual(80)
    expect(slug.endsWith('-')).toBe(false)
  })
})

describe('text clean-up', () => {
  test('strips control characters and collapses whitespace', () => {
    expect(cleanLine('  Ada\u0000\u0007  Lovelace\t\n ')).toBe('Ada Lovelace')
  })
  test('removes control characters inside a word rather than splitting it (issue 17)', () => {
    expect(cleanLine('ada\u0001lovelace@exam\u001bple.test')).toBe('adalovelace@example.test')
    expect(cleanLine('Ada\u0000Love\u0007lace\u007f\u0085x')).toBe('AdaLovelace x')
    expect(cleanLine('Ada\tLovelace\r\nKing')).toBe('Ada Lovelace King')
  })
  test('splits comma lists, trimming and dropping empties', () => {
    expect(splitList(' a, b ,, c ,')).toEqual(['a', 'b', 'c'])
  })
})

// Issue 32: a BEL stayed in post titles and bidi overrides in the site name, which reaches page
// titles, feeds, the authenticator app's issuer and the passkey prompt.
describe('owner text loses controls and bidi overrides, keeps real text', () => {
  test.each([
    ['a BEL', 'Bell\u0007 rings', 'Bell rings'],
    ['a NUL', 'N\u0000UL', 'NUL'],
    ['DEL and a C1 control', 'De\u007fl\u009bete', 'Delete'],
    ['a right-to-left override', 'Rowan\u202Egnp.exe', 'Rowangnp.exe'],
    ['the other embeddings and overrides', '\u202Aa\u202Bb\u202Cc\u202Dd', 'abcd'],
    ['a first-strong isolate and its pop', '\u2068x\u2069 and \u2066y\u2067z\u2069', 'x and yz'],
  ])('strips %s from one line', (_what, input, clean) => {
    expect(cleanLine(input)).toBe(clean)
  })

  test.each([
    ['a family emoji (zero-width joiners)', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467} Family'],
    ['a flag and a skin tone', '\u{1F3F3}\uFE0F\u200D\u{1F308} \u{1F44B}\u{1F3FD}'],
    ['Hebrew', 'שלום עולם'],
    ['Arabic with a right-to-left mark', 'مرحبا\u200F بالعالم'],
    ['Latin with a left-to-right mark', 'Rowan\u200E (author)'],
  ])('keeps %s as it is', (_what, text) => {
    expect(cleanLine(text)).toBe(text)
    expect(cleanText(text)).toBe(text)
  })

  test('several lines keep their tabs and line breaks (CRLF made LF) and lose the rest', () => {
    expect(cleanText('  # Title\r\n\r\n\tcode\u0007 here\u202E\nlast\u0000 line\u2066  ')).toBe('# Title\n\n\tcode here\nlast line')
  })
})
