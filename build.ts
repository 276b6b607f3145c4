// `npm run build`: builds the client bundles (public site, admin) and compiles folio into one
// executable, dist/folio, with them embedded. Migrations, seed content, the sample media and the
// client assets are all inside, so the binary runs from any directory with no other files.
// It reads `.env` through src/config.ts only (Bun's implicit .env and bunfig autoload are off).
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { buildClientAssets, writePrebuilt } from './src/web/assets'

const root = import.meta.dir
const outfile = join(root, 'dist', 'folio')
const assetsDir = join(root, 'dist', 'client-assets')

// 1. The client bundles, precompressed, as files plus a manifest (src/web/assets.ts reads them).
rmSync(assetsDir, { recursive: true, force: true })
const count = writePrebuilt(await buildClientAssets(), assetsDir)

// 2. The executable, with the assets folder embedded beside the code.
const args = [
  'build',
  '--compile',
  '--production',
  '--no-compile-autoload-dotenv',
  '--no-compile-autoload-bunfig',
  '--sourcemap=external',
  `--asset=${assetsDir}`,
  join(root, 'src/main.ts'),
  '--outfile',
  outfile,
]
const proc = Bun.spawn([process.execPath, ...args], { cwd: root, stdout: 'inherit', stderr: 'inherit' })
const code = await proc.exited
if (code !== 0) process.exit(code)
console.log(`dist/folio: ${(Bun.file(outfile).size / 1024 / 1024).toFixed(1)} MiB, ${count} client assets embedded`)
