// Uncached render time: the first request for a page after the admin changed what it shows (a
// project's and a post's title, through the admin API), timed to the last byte; then the same page
// again, served from whatever folio keeps. Each sample checks the page shows the change.
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { median, round } from './stats'
import { ACCEPT_ENCODING } from './wrk'

type Item = Record<string, unknown> & { slug: string; title: string }
export type Admin = { base: string; cookie: string }
export type Subjects = { project: string; post: string }
/** `xCache`: folio's X-Cache header on each uncached sample, when it sends one (MISS expected). */
export type RenderTimes = { path: string; uncachedMs: number; cachedMs: number; samples: number[]; fresh: boolean; xCache: string[] }

/**
 * Rest before each change: a page's cache fill (brotli at its best quality) finishes after the
 * response, and a site changes a few times a week, not every few milliseconds. Without it a sample
 * would also time the previous sample's unfinished fill.
 */
const SETTLE_MS = 300
/** Uncached samples per page. */
export const SAMPLES = 9

export async function signIn(base: string, email: string, password: string): Promise<Admin> {
  const res = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ email, password }) })
  const cookie = res.headers.get('set-cookie')?.split(';')[0]
  if (!res.ok || !cookie) throw new Error(`admin sign-in failed: ${res.status} ${await res.text()}`)
  return { base, cookie }
}

async function call(admin: Admin, method: string, path: string, body?: unknown) {
  const res = await fetch(admin.base + path, {
    method,
    headers: { cookie: admin.cookie, origin: admin.base, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res.json() as Promise<{ items?: Item[] }>
}

async function item(admin: Admin, kind: 'projects' | 'posts', slug: string): Promise<Item> {
  const found = (await call(admin, 'GET', `/api/admin/${kind}`)).items?.find((i) => i.slug === slug)
  if (!found) throw new Error(`no ${kind} ${slug} in the admin list`)
  return found
}

/** The bytes of one GET as sent (compressed when folio compresses), and the time to the last one. */
async function timedGet(url: string) {
  const began = performance.now()
  const res = await fetch(url, { headers: { 'accept-encoding': ACCEPT_ENCODING }, decompress: false })
  const bytes = new Uint8Array(await res.arrayBuffer())
  const ms = performance.now() - began
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status}`)
  const encoding = res.headers.get('content-encoding')
  const text = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes
  return { ms, text: new TextDecoder().decode(text), xCache: res.headers.get('x-cache') }
}

/**
 * For each page, `samples` times: GET it (cached, settled), retitle the project and the post (a
 * marker the page must show), then GET it once more, timed. Afterwards `samples * 4` plain GETs
 * for the cached time. The titles are restored at the end.
 */
export async function uncachedRenders(admin: Admin, subjects: Subjects, paths: string[], samples = SAMPLES): Promise<RenderTimes[]> {
  const project = await item(admin, 'projects', subjects.project)
  const post = await item(admin, 'posts', subjects.post)
  let n = 0
  const retitle = async (marker: string) => {
    await call(admin, 'PUT', `/api/admin/projects/${project.slug}`, { ...project, title: `${project.title}${marker}` })
    await call(admin, 'PUT', `/api/admin/posts/${post.slug}`, { ...post, title: `${post.title}${marker}` })
  }
  const out: RenderTimes[] = []
  try {
    for (const path of paths) {
      const times: number[] = []
      const xCache: string[] = []
      let fresh = true
      for (let i = 0; i < samples; i++) {
        await timedGet(admin.base + path)
        await Bun.sleep(SETTLE_MS)
        const marker = ` bench-mark-${++n}`
        await retitle(marker)
        const got = await timedGet(admin.base + path)
        times.push(got.ms)
        if (got.xCache) xCache.push(got.xCache)
        fresh &&= got.text.includes(marker)
      }
      await Bun.sleep(SETTLE_MS)
      const cached: number[] = []
      for (let i = 0; i < samples * 4; i++) cached.push((await timedGet(admin.base + path)).ms)
      out.push({ path, uncachedMs: round(median(times), 2), cachedMs: round(median(cached), 2), samples: times.map((t) => round(t, 2)), fresh, xCache })
    }
  } finally {
    await retitle('')
  }
  return out
}

/**
 * The rhythm of the uncached samples above, for a server with nothing to invalidate: GET the page,
 * rest, GET it again, timed. The median time to the last byte.
 */
export async function restedMs(url: string, samples = SAMPLES) {
  const times: number[] = []
  for (let i = 0; i < samples; i++) {
    await timedGet(url)
    await Bun.sleep(SETTLE_MS)
    times.push((await timedGet(url)).ms)
  }
  return round(median(times), 2)
}

/** Sequential GETs of a page, after a warm-up; the median time to the last byte. */
export async function sequentialMs(url: string, runs = 200, warmup = 20) {
  for (let i = 0; i < warmup; i++) await timedGet(url)
  const times: number[] = []
  for (let i = 0; i < runs; i++) times.push((await timedGet(url)).ms)
  return round(median(times), 2)
}
