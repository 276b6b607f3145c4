// `npm run build`: builds the client bundles (public site, admin) and compiles folio into one
// executable, dist/folio, with them embedded. Migrations, seed content, the sample media and the
// client assets are all inside, so the binary runs from any directory with no other files.
// It reads `.env` through src/config.ts only (Bun's implicit .env and bunfig autoload are off).
// Source maps stay beside it, never inside: dist/folio.map (server entry), dist/sourcemaps/server/
// (server chunks), dist/sourcemaps/ (client).
// `bun build.ts --outdir DIR` writes all of that to DIR instead (npm test builds its own copy).
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { renderSeedHtml, SEED_HTML_FILE } from './src/seed/seed'
import { buildClientAssets, writePrebuilt } from './src/web/assets'

const root = import.meta.dir
const started = performance.now()
const { values } = parseArgs({ args: Bun.argv.slice(2), options: { outdir: { type: 'string' } } })
const outdir = resolve(values.outdir ?? join(root, 'dist'))
const outfile = join(outdir, 'folio')
const assetsDir = join(outdir, 'client-assets')
const mapsDir = join(outdir, 'sourcemaps')

// 1. The client bundles, precompressed, as files plus a manifest (src/web/assets.ts reads them).
rmSync(assetsDir, { recursive: true, force: true })
rmSync(mapsDir, { recursive: true, force: true })
// The sample content's HTML is rendered now too, so the binary's first start seeds it without
// loading the markdown renderer (src/seed/seed.ts).
const [assets, seedHtml] = await Promise.all([buildClientAssets(), renderSeedHtml()])
const count = writePrebuilt(assets, assetsDir)
writeFileSync(join(assetsDir, SEED_HTML_FILE), JSON.stringify(seedHtml))
mkdirSync(mapsDir, { recursive: true })
for (const [name, bytes] of assets.maps) writeFileSync(join(mapsDir, name), bytes)

// 2. The executable, with the assets folder embedded beside the code. NOTE: it is written under
// another name and renamed into place, so a binary running (or being copied) from dist/folio
// while this runs keeps its bytes instead of being rewritten underneath.
const partial = `${outfile}.partial-${process.pid}`
const args = [
  'build',
  '--compile',
  '--production',
  // NOTE: --production alone gives way to a NODE_ENV in the environment (`bun test` sets `test`):
  // the binary then carries React's development build. The define holds whatever the shell says.
  '--define',
  'process.env.NODE_ENV="production"',
  // Start-up time: bytecode compiled now, so a start skips parsing 3.5 MB of JavaScript (8 MiB
  // more binary); ESM, as src/main.ts awaits at top level; split, so what only import() loads
  // (the markdown renderer, the sample content, export) is not even read at a start; the JIT
  // held back for the run-once start-up code until src/server.ts listens and resets it.
  '--bytecode',
  '--format=esm',
  '--splitting',
  '--compile-jit-policy=8',
  // A small VPS (1 GB): the garbage collector runs sooner and the heap stays small under a flood
  // (bench/reports/SOAK.md: the RSS target of 150 MB).
  '--compile-exec-argv=--smol',
  '--no-compile-autoload-dotenv',
  '--no-compile-autoload-bunfig',
  '--sourcemap=external',
  `--asset=${assetsDir}`,
  join(root, 'src/main.ts'),
  '--outfile',
  partial,
]
const proc = Bun.spawn([process.execPath, ...args], { cwd: root, stdout: 'inherit', stderr: 'inherit' })
const code = await proc.exited
if (code !== 0) {
  rmSync(partial, { force: true })
  rmSync(`${partial}.map`, { force: true })
  console.error(`build failed: bun build --compile exited ${code}`)
  process.exit(code)
}
renameSync(partial, outfile)
if (existsSync(`${partial}.map`)) renameSync(`${partial}.map`, `${outfile}.map`)
// Each chunk's map lands beside the binary: gather them with the others.
const serverMaps = join(mapsDir, 'server')
mkdirSync(serverMaps, { recursive: true })
for (const name of readdirSync(outdir)) if (name.endsWith('.js.map')) renameSync(join(outdir, name), join(serverMaps, name))
const mib = (Bun.file(outfile).size / 1024 / 1024).toFixed(1)
const seconds = ((performance.now() - started) / 1000).toFixed(1)
const near = relative(process.cwd(), outfile)
const shown = near.startsWith('..') ? outfile : near
console.log(`${shown}: ${mib} MiB, ${count} client assets embedded, ${assets.maps.size} client source maps beside it (${seconds} s)`)
