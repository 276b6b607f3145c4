// Copies of folio's answers for the reference servers: the exact bytes and headers of each path
// (as sent for the benchmark's Accept-Encoding, and uncompressed), and what a page carries for the
// browser: its boot block, its islands' props, its assets and canonical link (decision 066).
import { ISLAND_ATTRIBUTE, PROPS_ATTRIBUTE } from '#client/site/islands/island'
import { BOOT_ELEMENT_ID, type PageBoot } from '#src/contract/site'
import type { DocumentAssets } from '#src/web/document'
import { ACCEPT_ENCODING } from './wrk'

export type Variant = { status: number; headers: [string, string][]; encoding: string | null; base64: string }
export type Captured = { path: string; compressed: Variant; identity: Variant }

// Set by whatever server sends the copy; the rest (type, encoding, caching, security) is copied.
const NOT_COPIED = new Set(['date', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'])

async function variant(url: string, acceptEncoding: string): Promise<Variant> {
  // NOTE: Bun's fetch decompresses unless told not to: these are the bytes on the wire.
  const res = await fetch(url, { headers: { 'accept-encoding': acceptEncoding }, decompress: false })
  const body = new Uint8Array(await res.arrayBuffer())
  const headers = [...res.headers].filter(([name]) => !NOT_COPIED.has(name.toLowerCase()))
  return { status: res.status, headers, encoding: res.headers.get('content-encoding'), base64: Buffer.from(body).toString('base64') }
}

export async function capture(base: string, path: string): Promise<Captured> {
  const compressed = await variant(base + path, ACCEPT_ENCODING)
  const identity = await variant(base + path, 'identity')
  if (compressed.status !== 200 || identity.status !== 200) throw new Error(`${path} answered ${compressed.status}/${identity.status}, not 200`)
  return { path, compressed, identity }
}

export const bodyText = (v: Variant) => Buffer.from(v.base64, 'base64').toString('utf8')

/** An island's marker as the page carries it: its name and its own props. */
export type IslandCopy = { name: string; props: unknown }
export type PageCopy = { path: string; search: string; boot: PageBoot; islands: IslandCopy[]; assets: DocumentAssets; canonical: string }

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? ''
const tags = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[0])
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" }
/** An attribute's value as React escaped it, back to its text. */
const unescapeAttr = (value: string) => value.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e]!)

/**
 * What folio's HTML carries for the browser, read back: the boot block (a public page has one, so a
 * page without it is refused), each island's props, the assets and the canonical link, so another
 * renderer can link the same assets and a check can compare what two renderers' islands hold.
 */
export function pageCopy(path: string, html: string): PageCopy {
  const boot = new RegExp(`<script type="application/json" id="${BOOT_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)?.[1]
  if (!boot) throw new Error(`${path}: no #${BOOT_ELEMENT_ID} block in the page`)
  const head = html.slice(0, html.indexOf('</head>'))
  const preload = tags(head, /<link rel="modulepreload"[^>]*>/g).map((t) => attr(t, 'href'))
  const entry = attr(tags(html, /<script type="module"[^>]*>/g)[0] ?? '', 'src')
  // The page names only the text's font (documentStart preloads the first): enough to write the same head.
  const fonts = tags(head, /<link rel="preload"[^>]*as="font"[^>]*>/g).map((t) => attr(t, 'href'))
  const islands = tags(html, new RegExp(`<[a-z]+ [^>]*${ISLAND_ATTRIBUTE}="[^>]*>`, 'g')).map((t) => ({
    name: attr(t, ISLAND_ATTRIBUTE),
    props: JSON.parse(unescapeAttr(attr(t, PROPS_ATTRIBUTE)) || 'null') as unknown,
  }))
  const url = new URL(path, 'http://x')
  return {
    path: url.pathname,
    search: url.search.replace(/^\?/, ''),
    boot: JSON.parse(boot) as PageBoot,
    islands,
    assets: {
      css: tags(head, /<link rel="stylesheet"[^>]*>/g).map((t) => attr(t, 'href')),
      entry,
      preload: preload.filter((href) => href !== entry),
      ...(fonts.length ? { fonts } : {}),
    },
    canonical: attr(tags(head, /<link rel="canonical"[^>]*>/g)[0] ?? '', 'href'),
  }
}
