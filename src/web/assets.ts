// Client assets: built by Bun.build (in memory at start, or ahead of time for the binary),
// content-hashed, precompressed, served immutable. NOTE: this file is the one seam that decides
// where assets come from.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { dirname, join } from 'node:path'
import type { BunPlugin } from 'bun'
import { chooseEncoding } from './encoding'

type Bytes = Uint8Array<ArrayBuffer>
/** An asset and its precompressed forms. */
export type Asset = { body: Bytes; gzip?: Bytes; br?: Bytes; type: string }
/** `fonts`: the font files its stylesheet uses, in order (the first is preloaded: the text's). */
export type EntryAssets = { entry: string; css: string[]; preload: string[]; fonts: string[] }
/**
 * The public site and the admin SPA: separate entries, so admin code never loads on the site.
 * NOTE: `maps` (external source maps, by file name) are never served: they would publish the
 * client's unminified source and comments; `npm run build` writes them beside the binary.
 */
export type ClientAssets = { files: Map<string, Asset>; maps: Map<string, Bytes>; site: EntryAssets; admin: EntryAssets }

export const ASSET_PREFIX = '/assets/'
const CLIENT_DIR = join(import.meta.dir, '../../client')

function compress(body: Bytes, type: string): Asset {
  return {
    body,
    type,
    gzip: new Uint8Array(gzipSync(body, { level: 9 })),
    br: new Uint8Array(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })),
  }
}

/**
 * wouter imports the `use-sync-external-store` shim, written for React 17; React 19 has the hook,
 * and the shim's production build only hands it over. Taking React's own drops the shim's bytes
 * from every page.
 */
const nativeSyncExternalStore: BunPlugin = {
  name: 'native-use-sync-external-store',
  setup(build) {
    // A real file, so `react` resolves from the repository whatever the working directory is.
    build.onResolve({ filter: /^use-sync-external-store\/shim(\/index\.js)?$/ }, () => ({ path: join(CLIENT_DIR, 'lib/native-sync-external-store.ts') }))
  },
}

const PREACT_FOR: Record<string, string> = {
  react: 'compat/dist/compat.module.js',
  'react-dom': 'compat/dist/compat.module.js',
  'react-dom/client': 'compat/client.mjs',
  'react/jsx-runtime': 'jsx-runtime/dist/jsxRuntime.module.js',
  'react/jsx-dev-runtime': 'jsx-runtime/dist/jsxRuntime.module.js',
}

/**
 * The public site's islands hydrate with Preact's React-compatible runtime (decision 066): the
 * same components the server renders with React, for 8 KB of gzip instead of React's 64, which
 * alone would exceed an interactive page's budget of 60. The admin keeps React.
 */
const preactForReact: BunPlugin = {
  name: 'preact-for-react',
  setup(build) {
    // NOTE: resolved when a build runs, never at import: the binary carries prebuilt assets and no node_modules.
    const preact = dirname(Bun.resolveSync('preact/package.json', CLIENT_DIR))
    build.onResolve({ filter: /^react(-dom)?(\/[a-z-]+)?$/ }, (args) => {
      const target = PREACT_FOR[args.path]
      return target ? { path: join(preact, target) } : undefined
    })
  },
}

const buildOne = (entry: string, plugins: BunPlugin[]) =>
  Bun.build({
    entrypoints: [join(CLIENT_DIR, entry)],
    root: CLIENT_DIR,
    target: 'browser',
    splitting: true,
    minify: true,
    sourcemap: 'external',
    naming: { entry: '[dir]-[hash].[ext]', chunk: 'chunk-[hash].[ext]', asset: '[dir]-[hash].[ext]' },
    // React's production build: half the bytes and twice the render speed of development.
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins,
  })

export async function buildClientAssets(): Promise<ClientAssets> {
  // Two builds: the site's chunks must never be shared with the admin's, whose `react` is React.
  const [site, admin] = await Promise.all([buildOne('site/entry.ts', [preactForReact]), buildOne('admin/entry.tsx', [nativeSyncExternalStore])])
  for (const r of [site, admin]) if (!r.success) throw new AggregateError(r.logs, 'client build failed')
  const result = { outputs: [...site.outputs, ...admin.outputs] }
  const files = new Map<string, Asset>()
  const entries: Record<'site' | 'admin', EntryAssets> = { site: { entry: '', css: [], preload: [], fonts: [] }, admin: { entry: '', css: [], preload: [], fonts: [] } }
  const maps = new Map<string, Bytes>()
  const sources = new Map<string, string>()
  for (const output of result.outputs) {
    const name = output.path.replace(/^\.\//, '')
    const url = ASSET_PREFIX + name
    let bytes = new Uint8Array(await output.arrayBuffer())
    if (name.endsWith('.map')) {
      maps.set(name, bytes)
      continue
    }
    const owner = name.startsWith('admin-') ? entries.admin : name.startsWith('site-') ? entries.site : null
    if (url.endsWith('.css')) {
      const { css, fonts } = fontsAsFiles(new TextDecoder().decode(bytes))
      bytes = new TextEncoder().encode(css)
      for (const [fontUrl, font] of fonts) files.set(fontUrl, { body: font, type: 'font/woff2' })
      if (owner) owner.fonts.push(...fonts.keys())
    }
    files.set(url, compress(bytes, output.type))
    if (owner && output.kind === 'entry-point') owner.entry = url
    else if (owner && url.endsWith('.css')) owner.css.push(url)
    if (url.endsWith('.js')) sources.set(url, new TextDecoder().decode(bytes))
  }
  for (const e of Object.values(entries)) e.preload = staticImports(e.entry, sources)
  return { files, maps, ...entries }
}

const INLINED_FONT = /url\(data:font\/woff2;base64,([A-Za-z0-9+/=]+)\)/g

/**
 * The stylesheet with each font Bun inlined as base64 put back as a file of its own, by content
 * hash. NOTE: Bun's CSS bundler inlines every url() under 128 KB whatever the loader
 * (oven-sh/bun#37975): the fonts would make the render-blocking stylesheet 145 KB, be fetched
 * again with every new stylesheet, and break the CSP (font-src 'self' allows no data:). woff2 is
 * compressed already: the files are served as they are.
 */
export function fontsAsFiles(css: string): { css: string; fonts: Map<string, Bytes> } {
  const fonts = new Map<string, Bytes>()
  const out = css.replace(INLINED_FONT, (_, base64: string) => {
    const bytes = new Uint8Array(Buffer.from(base64, 'base64'))
    const url = `${ASSET_PREFIX}font-${Bun.hash(bytes).toString(36)}.woff2`
    fonts.set(url, bytes)
    return `url(${url})`
  })
  return { css: out, fonts }
}

/**
 * The chunks an entry imports statically, transitively: what the browser needs before it can
 * run it. Chunks behind a dynamic import() (the contact form's zod) are left to load on demand.
 */
export function staticImports(entry: string, sources: Map<string, string>): string[] {
  const found = new Set<string>()
  const visit = (url: string) => {
    const code = sources.get(url) ?? ''
    // `import{a}from"./chunk-x.js"` or `import"./chunk-x.js"`, never `import("./chunk-x.js")`.
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) {
      const dep = ASSET_PREFIX + m[1]
      if (!found.has(dep)) {
        found.add(dep)
        visit(dep)
      }
    }
  }
  visit(entry)
  return [...found]
}

/** Where `npm run build` puts the prebuilt assets; the binary embeds that folder beside its code. */
export const PREBUILT_DIR = join(import.meta.dir, 'client-assets')
type Manifest = { site: EntryAssets; admin: EntryAssets; files: { url: string; type: string; compressed: boolean }[] }

/** Writes assets as files plus a manifest, for `npm run build` to embed in the binary. */
export function writePrebuilt(assets: ClientAssets, dir: string) {
  mkdirSync(dir, { recursive: true })
  const files = [...assets.files].map(([url, asset]) => {
    const name = url.slice(ASSET_PREFIX.length)
    writeFileSync(join(dir, name), asset.body)
    const compressed = Boolean(asset.gzip && asset.br)
    if (compressed) {
      writeFileSync(join(dir, `${name}.gz`), asset.gzip!)
      writeFileSync(join(dir, `${name}.br`), asset.br!)
    }
    return { url, type: asset.type, compressed }
  })
  const manifest: Manifest = { site: assets.site, admin: assets.admin, files }
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest))
  return files.length
}

/** The assets `npm run build` made, when this runs from the binary; null from the source tree. */
export function loadPrebuilt(dir = PREBUILT_DIR): ClientAssets | null {
  const manifestPath = join(dir, 'manifest.json')
  if (!existsSync(manifestPath)) return null
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  const read = (name: string) => new Uint8Array(readFileSync(join(dir, name)))
  const files = new Map<string, Asset>()
  for (const f of manifest.files) {
    const name = f.url.slice(ASSET_PREFIX.length)
    files.set(f.url, f.compressed ? { type: f.type, body: read(name), gzip: read(`${name}.gz`), br: read(`${name}.br`) } : { type: f.type, body: read(name) })
  }
  return { files, maps: new Map(), site: manifest.site, admin: manifest.admin }
}

let built: Promise<ClientAssets> | null = null
/** Prebuilt in the binary, else built once per process and shared by every app in it. */
export const clientAssets = () => (built ??= Promise.resolve(loadPrebuilt()).then((pre) => pre ?? buildClientAssets()))

/** Serves an asset with the best encoding the client accepts; null when there is none. */
export function assetResponse(assets: ClientAssets, path: string, acceptEncoding: string | null): Response | null {
  const asset = assets.files.get(path)
  if (!asset) return null
  const headers: Record<string, string> = {
    'content-type': asset.type,
    'cache-control': 'public, max-age=31536000, immutable',
    vary: 'Accept-Encoding',
  }
  const { body, encoding } = chooseEncoding(asset, acceptEncoding)
  if (encoding) headers['content-encoding'] = encoding
  return new Response(body, { headers })
}
