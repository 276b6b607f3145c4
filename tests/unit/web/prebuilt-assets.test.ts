import { expect, test } from 'bun:test'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildClientAssets, loadPrebuilt, writePrebuilt } from '#src/web/assets'

test('assets written for the binary load back byte for byte, with their entries and encodings', async () => {
  const built = await buildClientAssets()
  const dir = join(mkdtempSync(join(tmpdir(), 'folio-assets-')), 'client-assets')
  expect(writePrebuilt(built, dir)).toBe(built.files.size)
  const loaded = loadPrebuilt(dir)!
  expect(loaded.site).toEqual(built.site)
  expect(loaded.admin).toEqual(built.admin)
  for (const [url, asset] of built.files) {
    const back = loaded.files.get(url)!
    expect(back.type).toBe(asset.type)
    expect(back.body).toEqual(asset.body)
    expect(back.gzip).toEqual(asset.gzip)
    expect(back.br).toEqual(asset.br)
  }
}, 30_000)

test('from the source tree there is nothing prebuilt', () => {
  expect(loadPrebuilt(join(tmpdir(), 'folio-no-such-dir'))).toBeNull()
})
