// JavaScript a page's own document loads on first visit, in gzip bytes as the server sends them.
import { gzipSync } from 'node:zlib'
import type { Page, Response } from 'playwright-core'

/**
 * What a client that accepts only gzip receives for `url`: the server's own gzip (folio's is
 * precompressed at level 9, src/web/assets.ts), or the body gzipped at level 9 when sent plain.
 */
async function gzipBytes(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' }, decompress: false } as RequestInit)
  const body = new Uint8Array(await res.arrayBuffer())
  return res.headers.get('content-encoding') === 'gzip' ? body.byteLength : gzipSync(body, { level: 9 }).byteLength
}

export async function javascriptLoaded(page: Page, url: string): Promise<{ urls: string[]; gzipBytes: number }> {
  const scripts = new Set<string>()
  const onResponse = (response: Response) => {
    const type = response.headers()['content-type'] ?? ''
    // An embedded frame (the live demo on a project page) is a page of its own, with its own budget.
    if (type.includes('javascript') && response.frame() === page.mainFrame()) scripts.add(response.url())
  }
  page.on('response', onResponse)
  await page.goto(url, { waitUntil: 'networkidle' })
  page.off('response', onResponse)
  const sizes = await Promise.all([...scripts].map(gzipBytes))
  return { urls: [...scripts].map((u) => new URL(u).pathname), gzipBytes: sizes.reduce((n, b) => n + b, 0) }
}
