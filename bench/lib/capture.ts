// Copies of folio's answers for the reference servers: the exact bytes and headers of each path
// (as sent for the benchmark's Accept-Encoding, and uncompressed), and a page's dehydrated state.
import { STATE_ELEMENT_ID, type PageState } from '#src/contract/site'
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

export type PageCopy = { path: string; search: string; state: PageState; assets: DocumentAssets; canonical: string }

const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? ''
const tags = (html: string, re: RegExp) => [...html.matchAll(re)].map((m) => m[0])

/** What folio's HTML carries for hydration, read back so another renderer can render the same page. */
export function pageCopy(path: string, html: string): PageCopy {
  const state = new RegExp(`<script type="application/json" id="${STATE_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)?.[1]
  if (!state) throw new Error(`${path}: no #${STATE_ELEMENT_ID} block in the page`)
  const head = html.slice(0, html.indexOf('</head>'))
  const preload = tags(head, /<link rel="modulepreload"[^>]*>/g).map((t) => attr(t, 'href'))
  const entry = attr(tags(html, /<script type="module"[^>]*>/g)[0] ?? '', 'src')
  const url = new URL(path, 'http://x')
  return {
    path: url.pathname,
    search: url.search.replace(/^\?/, ''),
    state: JSON.parse(state) as PageState,
    assets: { css: tags(head, /<link rel="stylesheet"[^>]*>/g).map((t) => attr(t, 'href')), entry, preload: preload.filter((href) => href !== entry) },
    canonical: attr(tags(head, /<link rel="canonical"[^>]*>/g)[0] ?? '', 'href'),
  }
}
