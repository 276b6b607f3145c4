// The Backups screen's Content files section under happy-dom with a faked API: the download link,
// an import's summary (created, updated, skipped, warnings), a refused import's problems, and
// files refused before they are sent.
import { afterEach, describe, expect, test } from 'bun:test'
import { act } from 'react'
import { ContentFiles } from '#client/features/content-files/content-files'
import { NOT_A_ZIP, TOO_LARGE } from '#client/features/content-files/api'
import type { ContentImportSummary } from '#src/contract/content-files'
import { byText, click, fakeApi, json, renderAdmin, settle } from '#tests/support/component/render-admin'

const IMPORT = 'POST /api/admin/content/import'
const SUMMARY: ContentImportSummary = {
  posts: { created: 2, updated: 1 },
  projects: { created: 0, updated: 3 },
  uploads: { copied: 4, unchanged: 1 },
  skipped: [{ path: 'content/posts/_index.md', reason: 'a section or partial page (its name starts with "_")' }],
  warnings: [{ path: 'posts/a.md', message: '/uploads/images/x.png is neither in the import nor on the site.' }],
}

let api: ReturnType<typeof fakeApi>
afterEach(() => api?.restore())

const zipFile = (size = 100, name = 'content.zip') => new File([new Uint8Array(size)], name, { type: name.endsWith('.zip') ? 'application/zip' : 'text/plain' })
const input = (c: HTMLElement) => c.querySelector('#content-files-input') as HTMLInputElement
const texts = (c: HTMLElement, selector: string) => [...c.querySelectorAll(selector)].map((e) => e.textContent)

async function show(answer?: () => unknown) {
  api = fakeApi(answer ? { [IMPORT]: answer } : {})
  const r = await renderAdmin(<ContentFiles />, { path: '/backups' })
  await settle()
  return r
}

async function importFile(c: HTMLElement, file: File) {
  await act(async () => {
    Object.defineProperty(input(c), 'files', { value: [file], configurable: true })
    input(c).dispatchEvent(new Event('change', { bubbles: true }))
  })
  await click(byText(c, 'Import'))
  await settle()
}

describe('admin content files', () => {
  test('offers the zip download and a labelled zip input', async () => {
    const { container } = await show()
    expect(container.querySelector('h2')?.textContent).toBe('Content files')
    const link = byText<HTMLAnchorElement>(container, 'Download content (zip)')
    expect(link.getAttribute('href')).toBe('/api/admin/content/export')
    expect(link.hasAttribute('download')).toBe(true)
    expect(container.querySelector('label[for="content-files-input"]')?.textContent).toBe('Import content (zip)')
    expect(input(container).accept).toBe('.zip,application/zip')
    expect(byText(container, 'Import').disabled).toBe(true)
  })

  test('sends the raw zip and says what the import did', async () => {
    const { container } = await show(() => SUMMARY)
    const file = zipFile()
    await importFile(container, file)
    const [call] = api.to(IMPORT)
    expect(call!.body).toBe(file)
    expect(call!.init.credentials).toBe('include')
    expect((call!.init.headers as Record<string, string>)['Content-Type']).toBe('application/zip')
    expect(texts(container, '.content-files-result[role="status"] > p')).toEqual(['Imported. Posts: 2 created, 1 updated; projects: 0 created, 3 updated; images: 4 copied, 1 already there.'])
    expect(texts(container, '.content-files-notes li')).toEqual([
      'content/posts/_index.md skipped: a section or partial page (its name starts with "_")',
      'posts/a.md /uploads/images/x.png is neither in the import nor on the site.',
    ])
    expect(container.querySelector('.toast')?.textContent).toBe('Content imported.')
    expect(input(container).value).toBe('')
  })

  test('lists every problem of a refused import', async () => {
    const refused = {
      ok: false,
      error: 'Nothing was imported: 2 problems in 1 file.',
      details: [
        { path: 'posts/bad.md: title', code: 'too_small', message: 'Title is required.' },
        { path: 'posts/bad.md: date', code: 'invalid_date', message: 'Dates must be ISO-8601.' },
      ],
    }
    const { container } = await show(() => json(400, refused))
    await importFile(container, zipFile())
    expect(texts(container, '[role="alert"] > p')).toEqual(['Nothing was imported: 2 problems in 1 file.'])
    expect(texts(container, '[role="alert"] li')).toEqual(['posts/bad.md: title Title is required.', 'posts/bad.md: date Dates must be ISO-8601.'])
    expect(container.querySelector('.content-files-result[role="status"]')).toBeNull()
  })

  test.each([
    ['a file that is not a zip', zipFile(100, 'notes.txt'), NOT_A_ZIP],
    ['a zip over the limit', zipFile(64 * 1024 * 1024 + 1), TOO_LARGE],
  ])('refuses %s before sending it', async (_, file, text) => {
    const { container } = await show(() => SUMMARY)
    await importFile(container, file)
    // Issue 20: the drop zone refuses the file as soon as it is chosen, in its own alert.
    expect(texts(container, '[role="alert"]')).toEqual([text])
    expect(api.to(IMPORT)).toHaveLength(0)
  })
})
