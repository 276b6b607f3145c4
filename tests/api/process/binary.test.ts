// dist/folio, copied alone into an empty directory: serves the product, is a production build,
// serves assets immutable and precompressed, keeps source maps private, reads .env our way only.
import { beforeAll, expect, test } from 'bun:test'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import pkg from '#package.json'
import { binaryPath, runBinary, startBinary, type RunningBinary } from '#tests/support/server/binary'
import { freePort } from '#tests/support/server/process'
import { drawPng } from '#tests/support/data/images'

let binary: string
// The first use builds dist/folio when this file runs alone (npm test built it already).
beforeAll(async () => {
  binary = await binaryPath()
}, 120_000)

const raw = (url: string, acceptEncoding?: string) =>
  fetch(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}, decompress: false } as RequestInit)
const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer())
/** The site's entry script and the chunks it preloads, as the home page names them. */
const scriptsOf = (html: string) => [...html.matchAll(/(?:src|href)="(\/assets\/[\w-]+\.js)"/g)].map((m) => m[1]!)

test('copied alone into an empty directory, it serves pages, assets, media and the API, writes only data/, and exits 0 on SIGTERM', async () => {
  const app = await startBinary()
  try {
    const home = await fetch(`${app.url}/`)
    expect(home.status).toBe(200)
    expect(scriptsOf(await home.text()).length).toBeGreaterThan(1)
    expect((await fetch(`${app.url}/admin/login`)).status).toBe(200)
    expect(((await (await fetch(`${app.url}/api/posts`)).json()) as { items: unknown[] }).items.length).toBeGreaterThan(0)
    expect((await fetch(`${app.url}/media/fpga-scope.mp4`)).status).toBe(200)
    expect(readdirSync(app.dir).sort()).toEqual(['data', 'folio'])
  } finally {
    expect(await app.stop('SIGTERM')).toBe(0)
  }
}, 60_000)

// NOTE: React's development build carries its warnings as text; the production build has none
// of them. The binary holds its bundle as source text, so a plain byte search sees React there.
const DEV_REACT = 'Each child in a list should have a unique'

test('the binary and the scripts it serves are React production builds', async () => {
  const file = readFileSync(binary)
  // The server renderer is inside and searchable (so its absence of warnings means something).
  expect(file.includes('A root segment ID must have been assigned by now')).toBe(true)
  expect(file.includes(DEV_REACT)).toBe(false)
  const app = await startBinary({ env: { SEED: 'none' } })
  try {
    // Changed in issue 33: public pages load no React (their islands run on Preact's compat
    // runtime, decision 066); the admin is the React app whose build this checks.
    const scripts = scriptsOf(await (await fetch(`${app.url}/admin/login`)).text())
    const code = (await Promise.all(scripts.map(async (s) => (await fetch(app.url + s)).text()))).join('\n')
    // Production React points to its error decoder; development spells every error out.
    expect(code).toContain('https://react.dev/errors/')
    expect(code).not.toContain(DEV_REACT)
    const site = scriptsOf(await (await fetch(`${app.url}/`)).text())
    const siteCode = (await Promise.all(site.map(async (s) => (await fetch(app.url + s)).text()))).join('\n')
    expect(siteCode).not.toContain('https://react.dev/errors/')
  } finally {
    await app.stop()
  }
}, 60_000)

test('hashed assets are immutable and sent brotli, gzip or plain by Accept-Encoding; source maps stay beside the binary, unserved', async () => {
  const app = await startBinary({ env: { SEED: 'none' } })
  try {
    const html = await (await fetch(`${app.url}/`)).text()
    const entry = /src="(\/assets\/site-[\w-]+\.js)"/.exec(html)![1]!
    const css = /href="(\/assets\/site-[\w-]+\.css)"/.exec(html)![1]!
    for (const path of [entry, css]) {
      const plain = await raw(app.url + path)
      const br = await raw(app.url + path, 'gzip, deflate, br')
      const gzip = await raw(app.url + path, 'gzip, deflate')
      for (const res of [plain, br, gzip]) {
        expect(res.status).toBe(200)
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        expect(res.headers.get('vary')).toBe('Accept-Encoding')
      }
      expect(plain.headers.get('content-encoding')).toBeNull()
      expect(br.headers.get('content-encoding')).toBe('br')
      expect(gzip.headers.get('content-encoding')).toBe('gzip')
      const body = await bytes(plain)
      expect(new Uint8Array(brotliDecompressSync(await bytes(br)))).toEqual(body)
      expect(new Uint8Array(gunzipSync(await bytes(gzip)))).toEqual(body)
    }
    // The external map of the entry is the one for the bundle served (same debug id)…
    const name = entry.slice('/assets/'.length)
    const mapFile = join(dirname(binary), 'sourcemaps', `${name}.map`)
    expect(existsSync(mapFile)).toBe(true)
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { debugId: string; sources: string[] }
    expect(map.sources).toContain('client/site/entry.ts')
    expect(await (await fetch(app.url + entry)).text()).toContain(`//# debugId=${map.debugId}`)
    // …and the public never gets it, nor the server's own.
    expect((await fetch(`${app.url}${entry}.map`)).status).toBe(404)
    expect((await fetch(`${app.url}/assets/folio.map`)).status).toBe(404)
  } finally {
    await app.stop()
  }
}, 60_000)

// What Bun's own autoload would do if it were on: read .env.local over .env, expand $VARS in
// .env, and run a preload named by a bunfig.toml beside the binary.
const NOT_OURS = {
  '.env.local': 'SITE_NAME=FromBunAutoload\n',
  'bunfig.toml': 'preload = ["./preload.ts"]\n',
  'preload.ts': 'console.log("BUNFIG PRELOAD RAN")\n',
}

test('.env beside the binary is read by our config, the real environment wins, and Bun autoloads neither .env.local nor bunfig.toml', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-dotenv-'))
  const port = await freePort()
  const dotenv = `PORT=${port}\nSEED=none\nSITE_NAME=FromFile\nSITE_TAGLINE=Costs $NOPE nothing\n`
  let app: RunningBinary | null = null
  try {
    // PORT and SEED from .env alone: it answers on the file's port with an empty site.
    app = await startBinary({ dir, port, portInEnv: false, files: { '.env': dotenv, ...NOT_OURS } })
    const html = await (await fetch(`${app.url}/`)).text()
    expect(html).toContain('<title>FromFile</title>')
    expect(html).toContain('Costs $NOPE nothing')
    expect(html).not.toContain('FromBunAutoload')
    expect(((await (await fetch(`${app.url}/api/posts`)).json()) as { items: unknown[] }).items).toEqual([])
    expect(await app.stop()).toBe(0)
    expect(app.output()).not.toContain('BUNFIG PRELOAD RAN')

    // Restarted in the same directory with SITE_NAME, PORT and DATA_DIR in the environment: they
    // win over .env (an empty database takes its site name from SITE_NAME; a stored one keeps its own).
    app = await startBinary({ dir, env: { SITE_NAME: 'FromEnv', DATA_DIR: join(dir, 'data-from-env') } })
    expect(app.port).not.toBe(port)
    const again = await (await fetch(`${app.url}/`)).text()
    expect(again).toContain('<title>FromEnv</title>')
    expect(again).toContain('Costs $NOPE nothing')
    expect(await app.stop()).toBe(0)
    // Once stored, the settings win: the variable that disagrees is one warning naming it.
    app = await startBinary({ dir, env: { SITE_NAME: 'FromEnvAgain', DATA_DIR: join(dir, 'data-from-env') } })
    expect(await (await fetch(`${app.url}/`)).text()).toContain('<title>FromEnv</title>')
    expect(app.output().match(/SITE_NAME differs from the site settings/g)).toHaveLength(1)
    expect(await app.stop()).toBe(0)
    expect(app.output()).not.toContain('BUNFIG PRELOAD RAN')
  } finally {
    await app?.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}, 60_000)

test('--version prints the version of package.json and exits 0', async () => {
  const run = await runBinary(['--version'])
  expect(run.code).toBe(0)
  expect(run.stdout).toContain(pkg.version)
}, 30_000)

test('an unknown flag prints the usage to stderr and exits 2', async () => {
  const run = await runBinary(['--frobnicate'])
  expect(run.code).toBe(2)
  expect(run.stderr).toContain('--frobnicate')
  expect(run.stderr).toContain('Usage: folio')
  expect(run.stdout).toBe('')
}, 30_000)

test('the binary carries the image codecs: started with an upload from before, it makes the variants by running itself', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'folio-binary-images-'))
  const name = 'f'.repeat(32)
  mkdirSync(join(dir, 'data', 'uploads', 'images'), { recursive: true })
  writeFileSync(join(dir, 'data', 'uploads', 'images', `${name}.png`), await drawPng(800, 400))
  const app = await startBinary({ dir, env: { SEED: 'none' } })
  try {
    let res = await fetch(`${app.url}/uploads/images/variants/${name}-480.avif`)
    for (let i = 0; i < 300 && res.status !== 200; i++) {
      await Bun.sleep(100)
      res = await fetch(`${app.url}/uploads/images/variants/${name}-480.avif`)
    }
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/avif')
    expect(readdirSync(join(dir, 'data', 'uploads', 'images', 'variants')).sort()).toEqual([`${name}-480.avif`, `${name}-480.webp`, `${name}-800.avif`, `${name}-800.webp`])
    // The files land before the child exits and the server logs the run.
    for (let i = 0; i < 100 && !app.output().includes('image variants made'); i++) await Bun.sleep(100)
    expect(app.output()).toContain('image variants made')
  } finally {
    expect(await app.stop('SIGTERM')).toBe(0)
    rmSync(dir, { recursive: true, force: true })
  }
}, 60_000)
