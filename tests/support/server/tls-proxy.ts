// Real nginx as the TLS proxy in front of a folio under test (or of Varnish in front of it),
// running docs/deploy/nginx.conf with only its ports and a self-signed certificate changed.
// Installed from Debian when missing, as Varnish and Chromium are.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT } from '#tests/support/repo-root'
import { freePort } from './process'

export const NGINX = '/usr/sbin/nginx'
export const NGINX_CONF = join(REPO_ROOT, 'docs/deploy/nginx.conf')

const run = (args: string[]) => Bun.spawnSync(args, { stdout: 'pipe', stderr: 'pipe', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })

export function ensureNginx() {
  if (Bun.file(NGINX).size > 0) return
  run(['apt-get', 'update'])
  const installed = run(['apt-get', 'install', '-y', 'nginx-light'])
  if (installed.exitCode !== 0 && run(['apt-get', 'install', '-y', 'nginx']).exitCode !== 0) throw new Error('could not install nginx: apt-get install -y nginx')
}

/** The shipped server block with its upstream on `upstreamPort`, listening on `port` with `cert`. */
export function serverBlockFor(upstreamPort: number, port: number, cert: { crt: string; key: string }): string {
  let conf = readFileSync(NGINX_CONF, 'utf8')
  const swaps: [string, string][] = [
    ['listen 443 ssl http2;', `listen ${port} ssl http2;`],
    ['ssl_certificate /etc/letsencrypt/live/your.domain/fullchain.pem;', `ssl_certificate ${cert.crt};`],
    ['ssl_certificate_key /etc/letsencrypt/live/your.domain/privkey.pem;', `ssl_certificate_key ${cert.key};`],
  ]
  for (const [from, to] of swaps) {
    if (!conf.includes(from)) throw new Error(`docs/deploy/nginx.conf no longer has "${from}"`)
    conf = conf.replace(from, to)
  }
  return conf.replaceAll('proxy_pass http://127.0.0.1:3000;', `proxy_pass http://127.0.0.1:${upstreamPort};`)
}

export type RunningTlsProxy = { url: string; port: number; output(): string; stop(): Promise<void> }

/** nginx with TLS on `port` (every local address) in front of `upstreamPort` on 127.0.0.1. */
export async function startTlsProxy(upstreamPort: number, port?: number): Promise<RunningTlsProxy> {
  ensureNginx()
  const dir = mkdtempSync(join(tmpdir(), 'folio-nginx-'))
  chmodSync(dir, 0o755)
  const cert = { crt: join(dir, 'cert.pem'), key: join(dir, 'key.pem') }
  const made = run(['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-keyout', cert.key, '-out', cert.crt])
  if (made.exitCode !== 0) throw new Error(`openssl: ${made.stderr.toString()}`)
  port ??= await freePort()
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub))
  const temp = ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((sub) => `  ${sub === 'body' ? 'client_body' : sub}_temp_path ${join(dir, sub)};`).join('\n')
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;\nuser root;\nworker_processes 1;\npid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'error.log')} warn;\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n${temp}\n${serverBlockFor(upstreamPort, port, cert)}\n}\n`,
  )
  const proc = Bun.spawn([NGINX, '-c', join(dir, 'nginx.conf'), '-p', dir], { stdout: 'pipe', stderr: 'pipe' })
  const url = `https://127.0.0.1:${port}`
  const readLog = () => {
    try {
      return readFileSync(join(dir, 'error.log'), 'utf8')
    } catch {
      return ''
    }
  }
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/api/health`, { tls: { rejectUnauthorized: false } }).then((r) => r.status > 0, () => false)
    if (up) break
    if (proc.exitCode !== null || i > 200) throw new Error(`nginx did not start: ${await new Response(proc.stderr).text()} ${readLog()}`)
    await Bun.sleep(50)
  }
  return {
    url,
    port,
    output: readLog,
    async stop() {
      proc.kill('SIGQUIT')
      await proc.exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Local addresses a test speaks from (documentation ranges, RFC 5737), added to `lo` for a test. */
export function addLoopbackAddresses(addresses: string[]): () => void {
  for (const a of addresses) {
    const added = run(['ip', 'addr', 'add', `${a}/32`, 'dev', 'lo'])
    if (added.exitCode !== 0 && !added.stderr.toString().includes('File exists')) throw new Error(`ip addr add ${a}: ${added.stderr.toString()}`)
  }
  return () => {
    for (const a of addresses) run(['ip', 'addr', 'del', `${a}/32`, 'dev', 'lo'])
  }
}

export type CurlAnswer = { status: number; headers: Headers; body: string }

/**
 * A request from local address `from` (curl --interface): what a visitor at that address sends
 * through the proxy, which writes `from` into X-Forwarded-For.
 */
export async function curlFrom(from: string, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<CurlAnswer> {
  const args = ['curl', '-sk', '--interface', from, '-D', '-', '-X', init.method ?? 'GET', '--max-time', '20']
  for (const [k, v] of Object.entries(init.headers ?? {})) args.push('-H', `${k}: ${v}`)
  if (init.body !== undefined) args.push('--data-binary', init.body)
  args.push(url)
  const proc = Bun.spawn(args, { stdout: 'pipe', stderr: 'pipe' })
  const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited])
  if (code !== 0) throw new Error(`curl exited ${code}: ${await new Response(proc.stderr).text()}`)
  // HTTP/2: one head block, then the body.
  const split = out.indexOf('\r\n\r\n')
  const head = out.slice(0, split).split('\r\n')
  const headers = new Headers()
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
  }
  return { status: Number(head[0]!.split(' ')[1]), headers, body: out.slice(split + 4) }
}
