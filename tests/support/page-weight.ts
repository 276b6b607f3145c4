// JavaScript a page's own document loads on first visit, in gzip bytes (what the wire would carry).
import { gzipSync } from 'node:zlib'
import type { Page, Response } from 'playwright-core'

export async function javascriptLoaded(page: Page, url: string): Promise<{ urls: string[]; gzipBytes: number }> {
  const bodies: Promise<{ url: string; bytes: number }>[] = []
  const onResponse = (response: Response) => {
    const type = response.headers()['content-type'] ?? ''
    // An embedded frame (the live demo on a project page) is a page of its own, with its own budget.
    if (!type.includes('javascript') || response.frame() !== page.mainFrame()) return
    bodies.push(response.body().then((b) => ({ url: response.url(), bytes: gzipSync(b).byteLength })))
  }
  page.on('response', onResponse)
  await page.goto(url, { waitUntil: 'networkidle' })
  page.off('response', onResponse)
  const all = await Promise.all(bodies)
  return { urls: all.map((b) => new URL(b.url).pathname), gzipBytes: all.reduce((n, b) => n + b.bytes, 0) }
}
