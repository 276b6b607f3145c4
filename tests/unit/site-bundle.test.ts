// zod costs ~26 KB gzip: the public site's entry must not carry it; the contact form fetches it.
import { expect, test } from 'bun:test'
import { buildClientAssets } from '../../src/web/assets'

const ZOD = /\$ZodType|ZodError/

test('the public entry has no zod; the contact schema comes in a chunk of its own', async () => {
  const { files, site } = await buildClientAssets()
  const text = (url: string) => new TextDecoder().decode(files.get(url)!.body)
  const entry = text(site.entry)
  expect(ZOD.test(entry)).toBe(false)
  const dynamic = [...entry.matchAll(/import\("\.\/(chunk-[\w-]+\.js)"\)/g)].map((m) => `/assets/${m[1]}`)
  expect(dynamic.some((url) => files.has(url) && ZOD.test(text(url)))).toBe(true)
}, 30_000)
