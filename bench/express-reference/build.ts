// Bundles the Express reference (server.tsx) for Node: ESM, React's production build, one file,
// and better-sqlite3 left to Node (a native addon cannot be bundled).
import type { BunPlugin } from 'bun'
import { join } from 'node:path'

/**
 * folio's services are written for Bun: full-text search imports `bun:sqlite` (its SQLiteError),
 * which Node lacks; the bundle takes bun-sqlite.ts instead. The native better-sqlite3 stays an
 * import, by its absolute path, so the bundle runs from any folder (the bench builds into /tmp).
 */
const forNode: BunPlugin = {
  name: 'folio services on Node',
  setup(build) {
    build.onResolve({ filter: /^bun:sqlite$/ }, () => ({ path: join(import.meta.dir, 'bun-sqlite.ts') }))
    build.onResolve({ filter: /^better-sqlite3$/ }, () => ({ path: Bun.resolveSync('better-sqlite3', import.meta.dir), external: true }))
  },
}

export async function buildExpressReference(outdir: string): Promise<string> {
  const result = await Bun.build({
    entrypoints: [join(import.meta.dir, 'server.tsx')],
    outdir,
    target: 'node',
    format: 'esm',
    minify: true,
    plugins: [forNode],
    // NOTE: without it the bundle carries React's development build, twice as slow to render.
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  if (!result.success) throw new Error(`the Express reference did not build:\n${result.logs.join('\n')}`)
  return join(outdir, 'server.js')
}
