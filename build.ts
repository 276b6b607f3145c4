// `npm run build`: compiles folio into one executable, dist/folio.
// Migrations and seed content are imported as modules, so they are embedded; nothing is read
// from the source tree at run time. The binary reads `.env` through src/config.ts only
// (Bun's implicit .env and bunfig autoload are off), like `npm start`.
// The client bundles (public site, admin) join this pipeline with their issues.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'

const root = import.meta.dir
const outfile = join(root, 'dist', 'folio')
mkdirSync(join(root, 'dist'), { recursive: true })

const args = [
  'build',
  '--compile',
  '--production',
  '--no-compile-autoload-dotenv',
  '--no-compile-autoload-bunfig',
  '--sourcemap=external',
  join(root, 'src/main.ts'),
  '--outfile',
  outfile,
]
const proc = Bun.spawn([process.execPath, ...args], { cwd: root, stdout: 'inherit', stderr: 'inherit' })
const code = await proc.exited
if (code !== 0) process.exit(code)
const size = Bun.file(outfile).size
console.log(`dist/folio: ${(size / 1024 / 1024).toFixed(1)} MiB`)
