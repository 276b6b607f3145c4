import { afterEach, describe, expect, test } from 'bun:test'
import type { Post } from '#src/contract/post'
import type { Project } from '#src/contract/project'
import { clampReadingMinutes, emptyPostForm, parsePostForm, postToForm } from '#client/features/posts/post-form'
import { withOrder } from '#client/features/projects/api'
import { appendLine, emptyProjectForm, parseProjectForm, projectToForm } from '#client/features/projects/project-form'
import { ApiError } from '#client/lib/api'
import { draftKey, removeItem, TOO_LARGE, uploadImage, upsertItem } from '#client/lib/editor/api'
import { failureOf, omitEmpty, serverFieldErrors, SLUG_TAKEN, slugPreview } from '#client/lib/editor/editor-form'
import { moveItem } from '#client/lib/use-reorder'

const validProject = { ...emptyProjectForm, title: 'Scopelet', summary: 'A tiny oscilloscope.', bodyMD: 'A body that is long enough to pass.' }
const validPost = { ...emptyPostForm, title: 'On GPUs', summary: 'Notes on kernels.', bodyMD: 'A body that is long enough to pass.' }
const errorsOf = (values: typeof emptyProjectForm) => {
  const result = parseProjectForm(values)
  return result.ok ? {} : result.errors
}

describe('project form', () => {
  test.each([
    ['title', '   ', 'Title is required.'],
    ['summary', 'short', 'Summary should be at least 10 characters.'],
    ['bodyMD', 'too short', 'Body should be at least 20 characters.'],
    ['demoLinks', '{demo: x}', 'Demo links must be valid JSON (e.g. {"demo": "https://example.com"}).'],
    ['demoLinks', '["https://a.example"]', 'Demo links must be an object mapping names to URLs.'],
    ['metrics', '{users: 1}', 'Metrics must be valid JSON (e.g. {"users": "1200"}).'],
    ['metrics', '42', 'Metrics must be an object mapping labels to values.'],
  ] as const)('puts the message for a bad %s next to that field', (field, value, message) => {
    expect(errorsOf({ ...validProject, [field]: value })).toEqual({ [field]: message })
  })

  test('reports every invalid field at once', () => {
    expect(Object.keys(errorsOf(emptyProjectForm)).sort()).toEqual(['bodyMD', 'summary', 'title'])
  })

  test('turns the typed texts into the payload and omits empty optional values', () => {
    const result = parseProjectForm({
      ...validProject,
      tags: ' FPGA, ,VHDL ,, ',
      gallery: 'https://a.example/1.png\n\n  /uploads/2.png  \n',
      demoLinks: '{"demo": " https://demo.example ", "empty": "", "n": 3}',
      metrics: '{"users": 1200, "uptime": "99%", "blank": " ", "no": null}',
    })
    expect(result).toEqual({
      ok: true,
      payload: {
        title: 'Scopelet',
        summary: 'A tiny oscilloscope.',
        bodyMD: 'A body that is long enough to pass.',
        tags: ['FPGA', 'VHDL'],
        gallery: ['https://a.example/1.png', '/uploads/2.png'],
        demoLinks: { demo: 'https://demo.example' },
        metrics: { users: 1200, uptime: '99%' },
        // A new project's form starts as Draft (issue 20).
        status: 'draft',
      },
    })
  })

  test('sends a typed slug normalised and never sends order', () => {
    const result = parseProjectForm({ ...validProject, slug: ' My Slug ', role: ' Lead ' })
    expect(result.ok && result.payload).toMatchObject({ slug: 'my-slug', role: 'Lead' })
    expect(result.ok && 'order' in result.payload).toBe(false)
  })

  test('shows a stored project as form texts that parse back to the same values', () => {
    const project: Project = {
      title: 'Scopelet', slug: 'scopelet', summary: 'A tiny oscilloscope.', role: 'Solo', tags: ['FPGA', 'VHDL'],
      bodyMD: 'A body that is long enough to pass.', bodyHtml: '<p>x</p>', heroImage: '/uploads/h.png',
      gallery: ['/uploads/a.png', '/uploads/b.png'], demoLinks: { video: 'https://v.example' }, metrics: { users: 3 },
      order: 2, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', status: 'published',
    }
    const form = projectToForm(project)
    expect([form.tags, form.gallery, form.demoLinks]).toEqual(['FPGA, VHDL', '/uploads/a.png\n/uploads/b.png', '{\n  "video": "https://v.example"\n}'])
    const back = parseProjectForm(form)
    expect(back.ok && back.payload).toEqual({ title: 'Scopelet', slug: 'scopelet', summary: 'A tiny oscilloscope.', role: 'Solo', tags: ['FPGA', 'VHDL'], bodyMD: project.bodyMD, heroImage: '/uploads/h.png', gallery: project.gallery, demoLinks: project.demoLinks, metrics: { users: 3 }, status: 'published' })
    expect(projectToForm({ ...project, demoLinks: {}, metrics: {} })).toMatchObject({ demoLinks: '', metrics: '' })
  })

  test.each([
    ['', '/u/a.png', '/u/a.png'],
    ['/u/a.png', '/u/b.png', '/u/a.png\n/u/b.png'],
    ['/u/a.png\n\n', '/u/b.png', '/u/a.png\n/u/b.png'],
  ])('appends an uploaded image to the gallery %p on its own line', (gallery, url, expected) => {
    expect(appendLine(gallery, url)).toBe(expected)
  })
})

describe('post form', () => {
  test.each([
    ['', undefined],
    ['  ', undefined],
    ['7', 7],
    ['0', 1],
    ['-3', 1],
  ])('sends reading minutes %p as %p', (typed, sent) => {
    const result = parsePostForm({ ...validPost, readingMinutes: typed })
    expect(result.ok && result.payload.readingMinutes).toBe(sent)
  })

  test('rejects reading minutes that are not whole', () => {
    expect(parsePostForm({ ...validPost, readingMinutes: '2.5' })).toEqual({ ok: false, errors: { readingMinutes: 'Reading minutes must be a whole number.' } })
  })

  test('uses the project rules for title, summary and body', () => {
    const result = parsePostForm(emptyPostForm)
    expect(result.ok ? {} : result.errors).toEqual({ title: 'Title is required.', summary: 'Summary should be at least 10 characters.', bodyMD: 'Body should be at least 20 characters.' })
  })

  test.each([['0', '1'], ['-2', '1'], ['', ''], ['3', '3'], ['abc', 'abc']])('forces reading minutes %p to %p when the field is left', (typed, kept) => {
    expect(clampReadingMinutes(typed)).toBe(kept)
  })

  test('leaves reading minutes empty when the stored value is the body estimate, and keeps a hand-set one', () => {
    const post: Post = { title: 'T', slug: 't', summary: 'Summary text', tags: ['a'], bodyMD: 'word '.repeat(400), bodyHtml: '', readingMinutes: 2, createdAt: '', updatedAt: '', status: 'published', toc: false, headings: [] }
    expect(postToForm(post).readingMinutes).toBe('')
    expect(postToForm({ ...post, readingMinutes: 9 }).readingMinutes).toBe('9')
  })
})

describe('editor helpers', () => {
  test.each([
    ['', 'Hello, Wörld!', 'hello-world'],
    ['Custom Slug', 'Title', 'custom-slug'],
    ['', '', ''],
  ])('previews slug %p with title %p as %p', (slug, title, expected) => {
    expect(slugPreview(slug, title)).toBe(expected)
  })

  test('omits undefined, empty strings, empty lists and empty maps only', () => {
    expect(omitEmpty({ a: undefined, b: '', c: [], d: {}, e: 0, f: ['x'], g: { k: 1 }, h: false })).toEqual({ e: 0, f: ['x'], g: { k: 1 }, h: false })
  })

  test('shows a failed save with the server message and its detail messages', () => {
    const e = new ApiError(400, { ok: false, error: 'Invalid input.', details: [{ message: 'Must be an http(s) URL or a site path.', code: 'custom', path: 'gallery.0' }] }, 'Invalid input.')
    expect(failureOf(e, 'Failed to save project')).toEqual({ title: 'Failed to save project', lines: ['Invalid input.', 'Must be an http(s) URL or a site path.'] })
    expect(serverFieldErrors(e)).toEqual({ gallery: 'Must be an http(s) URL or a site path.' })
  })

  test('puts a taken slug on the slug field', () => {
    const e = new ApiError(409, { ok: false, error: 'The slug "x" is already taken.' }, 'conflict')
    expect(failureOf(e, 'Failed to save post').lines).toEqual(['The slug "x" is already taken.'])
    expect(serverFieldErrors(e)).toEqual({ slug: 'The slug "x" is already taken.' })
    expect(serverFieldErrors(new ApiError(409, undefined, 'Conflict'))).toEqual({ slug: SLUG_TAKEN })
  })

  test('shows a failure without a server message as its status', () => {
    expect(failureOf(new ApiError(502, undefined, 'Bad Gateway'), 'Failed to load posts').lines).toEqual(['Request failed (502)'])
  })

  test('moves an item and gives every item order list length minus index', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd'])
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
    expect(moveItem(['a', 'b'], 1, 9)).toEqual(['a', 'b'])
    const items = ['a', 'b', 'c'].map((slug) => ({ slug, order: 0 }))
    expect(withOrder(items, ['c', 'a', 'b'])).toEqual([{ slug: 'c', order: 3 }, { slug: 'a', order: 2 }, { slug: 'b', order: 1 }])
  })

  test('replaces a saved item under its old slug, or puts a new one first', () => {
    const list = { items: [{ slug: 'a', v: 1 }, { slug: 'b', v: 1 }] }
    expect(upsertItem(list, { slug: 'b2', v: 2 }, 'b')?.items).toEqual([{ slug: 'a', v: 1 }, { slug: 'b2', v: 2 }])
    expect(upsertItem(list, { slug: 'c', v: 2 }, null)?.items.map((x) => x.slug)).toEqual(['c', 'a', 'b'])
    expect(removeItem(list, 'a')?.items).toEqual([{ slug: 'b', v: 1 }])
    expect(upsertItem(undefined, { slug: 'c', v: 1 }, null)).toBeUndefined()
  })

  test('keys drafts per screen and per item', () => {
    expect([draftKey('projects', null), draftKey('posts', 'hello')]).toEqual(['projects:new', 'posts:edit:hello'])
  })
})

describe('image upload', () => {
  const realFetch = globalThis.fetch
  afterEach(() => {
    globalThis.fetch = realFetch
  })
  function answer(res: Response | Error) {
    const sent: { url: string; init: RequestInit }[] = []
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      sent.push({ url: String(url), init })
      if (res instanceof Error) throw res
      return res
    }) as typeof fetch
    return sent
  }
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' })

  test('sends the raw bytes with their type and resolves to the stored URL', async () => {
    const sent = answer(json(201, { url: '/uploads/abc.png' }))
    expect(await uploadImage(png)).toBe('/uploads/abc.png')
    expect(sent[0]!.url).toBe('/api/admin/uploads')
    expect(sent[0]!.init).toMatchObject({ method: 'POST', credentials: 'include', body: png })
    expect((sent[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('image/png')
  })

  test.each([
    [json(413, { ok: false, error: 'Body too large.' }), 413, TOO_LARGE],
    [json(415, { ok: false, error: 'Only PNG, JPEG, WebP, GIF or AVIF images.' }), 415, 'Only PNG, JPEG, WebP, GIF or AVIF images.'],
    [json(400, { ok: false, error: 'The file is not a valid image.' }), 400, 'The file is not a valid image.'],
    [json(401, { ok: false, error: 'Not signed in.' }), 401, 'Not signed in.'],
    [new Response('oops', { status: 500 }), 500, 'Upload failed (500)'],
  ])('turns a failed upload into the message to show (%#)', async (res, status, message) => {
    answer(res)
    const error = await uploadImage(png).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect([(error as ApiError).status, (error as ApiError).message]).toEqual([status, message])
  })

  test('reports a network failure as a failed upload', async () => {
    answer(new TypeError('fetch failed'))
    const error = (await uploadImage(png).catch((e: unknown) => e)) as ApiError
    expect([error.status, error.message]).toEqual([0, 'Upload failed. Check your connection and try again.'])
  })
})
