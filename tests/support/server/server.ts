// Starts the real app on a free loopback port with a temporary DATA_DIR, and speaks HTTP to it.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadConfig, type Config } from '#src/config'
import type { Clock } from '#src/lib/clock'
import { silentLogger, type Logger } from '#src/lib/logger'
import { DB_FILE } from '#db/connection'
import { prepare, startServer, type RunningServer } from '#src/server'

export const ADMIN = { email: 'admin@example.com', password: 'correct horse battery staple' }

export type Reply<T = any> = { status: number; headers: Headers; body: T; text: string } // eslint-disable-line @typescript-eslint/no-explicit-any -- test replies are asserted field by field

export type RequestOptions = {
  body?: unknown
  raw?: BodyInit
  headers?: Record<string, string>
  cookie?: string | null
}

export type TestServer = RunningServer & {
  dataDir: string
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<Reply<T>> // eslint-disable-line @typescript-eslint/no-explicit-any -- see Reply
  get<T = any>(path: string, options?: RequestOptions): Promise<Reply<T>> // eslint-disable-line @typescript-eslint/no-explicit-any -- see Reply
  /** Signs in as the admin and returns the Cookie header value. */
  login(): Promise<string>
  close(): Promise<void>
}

let template: Promise<string> | null = null
/** The sample site, migrated and seeded once per process; servers start from a copy of it. */
function seededTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-template-'))
    const deps = await prepare(loadConfig({ DATA_DIR: dir, SEED: 'demo', LOG_LEVEL: 'error' }, dir), undefined, silentLogger)
    deps.conn.close()
    deps.lock.release()
    return join(dir, DB_FILE)
  })()
  return template
}

export type TestServerOptions = {
  env?: Record<string, string>
  /** Set over the configuration the environment gives (fields no variable reaches, such as contactGuards). */
  config?: Partial<Config>
  clock?: Clock
  log?: Logger
  dataDir?: string
  keepData?: boolean
}

/** `dataDir` reuses a directory (a restart); otherwise a fresh one is made and removed on close. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'folio-test-'))
  // Seeding highlights every code block; a copy of a seeded template costs a millisecond.
  if (!options.dataDir && options.env?.SEED === 'demo') copyFileSync(await seededTemplate(), join(dataDir, DB_FILE))
  const config: Config = {
    ...loadConfig(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED: 'none',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'error',
        ...options.env,
      },
      dataDir,
    ),
    ...options.config,
  }
  const server = await startServer(config, { clock: options.clock, log: options.log ?? silentLogger })

  async function request(method: string, path: string, opts: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers }
    let body: BodyInit | undefined = opts.raw
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body)
      headers['content-type'] ??= 'application/json'
    }
    if (opts.cookie) headers.cookie = opts.cookie
    const res = await fetch(server.url + path, { method, headers, body, redirect: 'manual' })
    const text = await res.text()
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : undefined
    } catch {
      // not JSON: tests read `text`
    }
    return { status: res.status, headers: res.headers, body: parsed, text }
  }

  return {
    ...server,
    dataDir,
    request,
    get: (path, opts) => request('GET', path, opts),
    async login() {
      const res = await request('POST', '/api/admin/login', { body: ADMIN })
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`)
      return res.headers.get('set-cookie')!.split(';')[0]!
    },
    async close() {
      await server.stop()
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
