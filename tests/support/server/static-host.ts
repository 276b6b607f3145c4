// A static file host for an exported site, as nginx would serve it: `try_files $uri
// $uri/index.html`, 404.html for anything missing, the .gz sibling when the client takes gzip.
import { existsSync, statSync } from 'node:fs'
import { join, normalize } from 'node:path'

export type StaticHost = { url: string; requests: { path: string; status: number }[]; stop(): Promise<void> }

const isFile = (path: string) => existsSync(path) && statSync(path).isFile()

export function startStaticHost(root: string): StaticHost {
  const requests: StaticHost['requests'] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      const path = decodeURIComponent(new URL(request.url).pathname)
      const local = join(root, normalize(path))
      const file = [local, join(local, 'index.html')].find((f) => f.startsWith(root) && isFile(f))
      const status = file ? 200 : 404
      requests.push({ path, status })
      const served = file ?? join(root, '404.html')
      const headers: Record<string, string> = { 'content-type': Bun.file(served).type }
      if (/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '') && isFile(`${served}.gz`)) {
        headers['content-encoding'] = 'gzip'
        return new Response(Bun.file(`${served}.gz`), { status, headers })
      }
      return new Response(Bun.file(served), { status, headers })
    },
  })
  return { url: `http://127.0.0.1:${server.port}`, requests, stop: () => server.stop(true) }
}
