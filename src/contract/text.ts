// Text clean-up rules of spec section 5, shared by server validation and client forms.

// NOTE: the whitespace among them (tab, line breaks, NEL) is left for the collapse below, so a
// pasted "Ada<TAB>Lovelace" keeps its two words; any other is removed, never made a space, so
// `ada\u0001lovelace@example.test` stays one address (issue 17).
// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const CONTROL = /(?![\t\n\v\f\r\u0085])[\u0000-\u001f\u007f-\u009f]/g

/** Strips control characters, then collapses whitespace (contact name and email, spec section 5). */
export function cleanLine(value: string): string {
  return value.replace(CONTROL, '').replace(/[\s\u0085]+/g, ' ').trim()
}

/** Splits a comma-separated list, trims entries and drops empties. */
export function splitList(value: string, separator: string | RegExp = ','): string[] {
  return value
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean)
}

// Letters NFKD does not decompose into ASCII.
const FOLD: Record<string, string> = { æ: 'ae', ø: 'o', ß: 'ss', œ: 'oe', đ: 'd', ł: 'l', þ: 'th', ð: 'd' }

/** Lowercase URL-safe slug from any title; diacritics folded, at most 80 characters. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[æøßœđłþð]/g, (c) => FOLD[c] ?? c)
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '')
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/** Whole minutes at 200 words a minute, at least 1 (server default and the admin's hint). */
export function readingMinutes(source: string): number {
  const words = source.split(/\s+/).filter(Boolean).length
  return Math.max(1, Math.round(words / 200))
}
