// The reference of `npm run bench`: a plain Bun.serve answering from memory with folio's exact
// bytes and headers for each path, negotiating the encoding the way folio did. Run as a process
// of its own (bench/run.ts starts it): `bun bench/lib/reference-server.ts <captured.json> <port>`.
import { readFileSync } from 'node:fs'
import type { Captured, Variant } from './capture'

type Ready = { status: number; headers: Record<string, string>; encoding: string | null; body: Uint8Array<ArrayBuffer> }
const ready = (v: Variant): Ready => ({ status: v.status, headers: Object.fromEntries(v.headers), encoding: v.encoding, body: new Uint8Array(Buffer.from(v.base64, 'base64')) })

const [file, port] = Bun.argv.slice(2)
const pages = new Map<string, { compressed: Ready; identity: Ready }>()
for (const c of JSON.parse(readFileSync(file!, 'utf8')) as Captured[]) pages.set(c.path, { compressed: ready(c.compressed), identity: ready(c.identity) })

const accepts = (header: string | null, encoding: string) => header !== null && header.split(',').some((p) => p.trim().split(';')[0] === encoding)

Bun.serve({
  hostname: '127.0.0.1',
  port: Number(port),
  fetch(req) {
    const url = req.url
    const page = pages.get(url.slice(url.indexOf('/', url.indexOf('//') + 2)))
    if (!page) return new Response('not captured', { status: 404 })
    const { compressed, identity } = page
    const v = compressed.encoding && accepts(req.headers.get('accept-encoding'), compressed.encoding) ? compressed : identity
    return new Response(v.body, { status: v.status, headers: v.headers })
  },
})
