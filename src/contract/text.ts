// Text clean-up rules of spec section 5, shared by server validation and client forms.

// NOTE: the whitespace among them (tab, line breaks, NEL) is left for the collapse below, so a
// pasted "Ada<TAB>Lovelace" keeps its two words; any other is removed, never made a space, so
// `ada\u0001lovelace@example.test` stays one address (issue 17).
// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const CONTROL = /(?![\t\n\v\f\r\u0085])[\u0000-\u001f\u007f-\u009f]/g

// Bidi embeddings and overrides (U+202A-202E) and isolates (U+2066-2069) reorder what follows
// them: in a site name they reach page titles, feeds, the authenticator app's issuer and the
// passkey prompt, where "Rowan\u202Egnp.exe" reads as "Rowanexe.png" (issue 32). Ordinary RTL letters,
// the marks U+200E/U+200F and the zero-width joiner of emoji sequences are text and stay.
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/g

/**
 * One line of owner or visitor text (a site name, a title, a tag, a contact name): control
 * characters and bidi overrides stripped, whitespace collapsed, trimmed (spec section 5).
 */
export function cleanLine(value: string): string {
  return value.replace(CONTROL, '').replace(BIDI_CONTROL, '').replace(/[\s\u0085]+/g, ' ').trim()
}

// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g

/** Text of several lines (markdown): tabs and line breaks kept (CRLF made LF), other controls and bidi overrides stripped, trimmed. */
export function cleanText(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_LINES, '').replace(BIDI_CONTROL, '').trim()
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

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text safe inside HTML (element content and quoted attributes). Here, not beside the
 * highlighter: a page that only escapes must not load shiki and its grammars (+26 MiB at start). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch]!)
