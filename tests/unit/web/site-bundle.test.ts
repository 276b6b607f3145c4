// zod costs ~26 KB gzip: the public site's entry must not carry it; the contact form fetches it.
import { expect, test } from 'bun:test'
import { buildClientAssets } from '#src/web/assets'

const ZOD = /\$ZodType|ZodError/

test('no first-load script of the site has zod; the contact form reaches it through a dynamic import', async () => {
  const { files, site } = await buildClientAssets()
  const sources = new Map([...files].filter(([url]) => url.endsWith('.js')).map(([url, a]) => [url, new TextDecoder().decode(a.body)]))
  for (const url of [site.entry, ...site.preload]) expect(ZOD.test(sources.get(url)!)).toBe(false)
  // Reachable through any import, dynamic ones included (the contact page is itself lazy).
  const reachable = new Set<string>()
  const visit = (url: string) => {
    if (reachable.has(url)) return
    reachable.add(url)
    for (const m of (sources.get(url) ?? '').matchAll(/["']\.\/(chunk-[\w-]+\.js)["']/g)) visit(`/assets/${m[1]}`)
  }
  visit(site.entry)
  const lazy = [...reachable].filter((url) => url !== site.entry && !site.preload.includes(url))
  expect(lazy.some((url) => ZOD.test(sources.get(url) ?? ''))).toBe(true)
}, 30_000)

test('the wallet code (secp256k1, keccak) is in no first-load script of the site', async () => {
  const { files, site } = await buildClientAssets()
  for (const url of [site.entry, ...site.preload]) {
    const code = new TextDecoder().decode(files.get(url)!.body)
    expect(/Ethereum Signed Message|secp256k1/.test(code)).toBe(false)
  }
  // It is in the build, behind the Connect button's dynamic import.
  const all = [...files].filter(([url]) => url.endsWith('.js')).map(([, a]) => new TextDecoder().decode(a.body))
  expect(all.some((code) => code.includes('Ethereum Signed Message'))).toBe(true)
}, 30_000)

test('no first-load script of the site carries the page path builders (src/contract/paths.ts); the lazy pages do', async () => {
  const { files, site } = await buildClientAssets()
  const code = (url: string) => new TextDecoder().decode(files.get(url)!.body)
  // feeds() and projectsTagged() of paths.ts: strings no other client module spells.
  const BUILDERS = /feed\.json|\/projects\?tag=/
  for (const url of [site.entry, ...site.preload]) expect(BUILDERS.test(code(url))).toBe(false)
  expect([...files.keys()].some((url) => url.endsWith('.js') && BUILDERS.test(code(url)))).toBe(true)
}, 30_000)
