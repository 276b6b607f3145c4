// Content files room: a summary for an imported file that has none (Hugo and Astro make it
// optional; folio requires one): the text before Hugo's `<!--more-->`, else the first paragraph
// of prose, as plain text, clipped at a word.
export const DERIVED_SUMMARY_MAX = 280

const MORE = /<!--\s*more\s*-->/i
/** Blocks that are not prose: headings, code, HTML, images, tables, rules, MDX imports. */
const NOT_PROSE = /^(#|```|~~~|<|!\[|\||-{3,}$|\*{3,}$|import\s|export\s)/

function plain(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`+/g, '')
    .replace(/(\*\*|__|~~)/g, '')
    .replace(/(^|[\s(])[*_]+(?=\S)|(?<=\S)[*_]+(?=[\s).,;:!?]|$)/g, '$1')
    .replace(/^\s*(>|[-*+]\s|\d+\.\s)\s*/gm, '')
    .replace(/\s+/g, ' ')
    .trim()
}

function clip(text: string): string {
  if (text.length <= DERIVED_SUMMARY_MAX) return text
  const cut = text.slice(0, DERIVED_SUMMARY_MAX - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > DERIVED_SUMMARY_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`
}

/** The summary a body gives; empty when it has no prose. */
export function summaryFromBody(body: string): string {
  const normalised = body.replace(/\r\n/g, '\n')
  const [beforeMore, afterMore] = normalised.split(MORE)
  if (afterMore !== undefined && plain(beforeMore!)) return clip(plain(beforeMore!))
  for (const block of normalised.split(/\n[ \t]*\n/)) {
    const text = block.trim()
    if (!text || NOT_PROSE.test(text)) continue
    const prose = plain(text)
    if (prose) return clip(prose)
  }
  return ''
}
