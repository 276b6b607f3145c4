// A post's table of contents: its h2 and h3 headings, read from the stored HTML (which the
// markdown renderer gave unique ids), so posts saved before the option existed have one too.
import type { TocHeading } from '#src/contract/publication'

const HEADING = /<h([23]) id="([^"]+)">([\s\S]*?)<\/h\1>/g
const ANCHOR = /<a class="anchor"[^>]*>[\s\S]*?<\/a>/g
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'" }

const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return ENTITIES[name.toLowerCase()] ?? whole
  })

export function tocHeadings(html: string): TocHeading[] {
  const out: TocHeading[] = []
  for (const [, depth, id, inner] of html.matchAll(HEADING)) {
    const text = decode(inner!.replace(ANCHOR, '').replace(/<[^>]*>/g, '')).replace(/\s+/g, ' ').trim()
    if (text) out.push({ depth: depth === '2' ? 2 : 3, id: decode(id!), text })
  }
  return out
}
