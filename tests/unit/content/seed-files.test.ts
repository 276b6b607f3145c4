import { expect, test } from 'bun:test'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { sampleFiles } from '#src/seed/content'
import { REPO_ROOT } from '#tests/support/repo-root'

test('the sample content index lists every markdown file of posts/ and projects/, once', () => {
  const dir = join(REPO_ROOT, 'src/seed/content')
  const onDisk = ['posts', 'projects'].flatMap((kind) => readdirSync(join(dir, kind)).map((name) => `${kind}/${name}`))
  const listed = sampleFiles.map((f) => f.path)
  expect(new Set(listed).size).toBe(listed.length)
  expect([...listed].sort()).toEqual(onDisk.sort())
})
