// The markdown renderer behind ./index.ts: marked, then sanitize-html, then shiki's code
// blocks; run once when content is saved, the HTML stored beside the source.
import { Marked, type Tokens } from 'marked'
import sanitizeHtml from 'sanitize-html'
import { slugify } from '#src/contract/text'
import { escapeHtml, highlight, plainCode, resolveLanguage } from './highlight'

export { releaseHighlighter } from './highlight'

// Code blocks leave marked as this marker plus an index and come back, already highlighted, after
// sanitising: shiki's inline styles never meet the sanitiser's policy. Random per process, so no
// author can type one.
const MARKER = `folio-code-${crypto.randomUUID()}-`
const MARKERS = new RegExp(`${MARKER}(\\d+)`, 'g')

// NOTE: 'main' is the layout's skip-link target (client/site/layout/layout.tsx); a heading must not take it.
const RESERVED_IDS = ['main']

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'h1', 'h2', 'del', 'input', 'details', 'summary']),
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'aria-label'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    code: ['class'],
    pre: ['class'],
    span: ['class'],
    input: ['type', 'checked', 'disabled'],
    th: ['align'],
    td: ['align'],
    ...Object.fromEntries(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => [h, ['id']])),
  },
  allowedClasses: { a: ['anchor'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '')
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener noreferrer' } : attribs }
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    // Unbalanced raw HTML can pull a marker into an attribute; only markers in text become code.
    '*': (tagName, attribs) => ({
      tagName,
      attribs: Object.fromEntries(Object.entries(attribs).map(([k, v]) => [k, v.replace(MARKERS, '')])),
    }),
  },
}

/** Heading text as a reader sees it: tags dropped, entities made separators. */
const plainText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&[#\w]+;/g, ' ')

/**
 * `<figure class="code" data-lang="ts">`: caption with the language, a copy button the client wires up
 * by delegation (it copies the figure's `pre` text), then shiki's `pre` or an escaped plain one.
 */
async function codeFigure(source: string, info: string | undefined): Promise<string> {
  // Indented blocks keep their final newline; it would only add an empty line.
  const code = source.replace(/\n+$/, '')
  const language = resolveLanguage(info)
  const written = info?.trim().split(/\s+/, 1)[0]?.slice(0, 32)
  let pre = plainCode(code)
  // A grammar failing on odd input must not stop a save: the block stays readable, just uncoloured.
  if (language) pre = await highlight(code, language).catch(() => pre)
  const caption = language?.label ?? (written || 'Text')
  return (
    `<figure class="code" data-lang="${language?.id ?? 'text'}"><figcaption>${escapeHtml(caption)}</figcaption>` +
    `<button type="button" class="copy" data-copy>Copy</button>${pre}</figure>\n`
  )
}

export async function renderMarkdown(source: string): Promise<string> {
  const blocks: Promise<string>[] = []
  const used = new Set(RESERVED_IDS)
  const uniqueId = (base: string) => {
    let id = base
    for (let n = 1; used.has(id); n++) id = `${base}-${n}`
    used.add(id)
    return id
  }
  // A fresh instance per document: heading ids are deduplicated within one document only.
  const marked = new Marked({ gfm: true, breaks: false, async: false }).use({
    renderer: {
      code({ text, lang }: Tokens.Code) {
        blocks.push(codeFigure(text, lang))
        return `${MARKER}${blocks.length - 1}\n`
      },
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens)
        const id = uniqueId(slugify(plainText(inner)) || 'section')
        return `<h${depth} id="${id}">${inner} <a class="anchor" href="#${id}" aria-label="Link to this section">#</a></h${depth}>\n`
      },
    },
  })
  const html = sanitizeHtml(marked.parse(source) as string, SANITIZE)
  const figures = await Promise.all(blocks)
  return html.replace(MARKERS, (_, i: string) => figures[Number(i)] ?? '')
}
