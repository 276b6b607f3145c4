import { describe, expect, test } from 'bun:test'
import { cleanLine, slugify, splitList } from '#src/contract/text'

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
