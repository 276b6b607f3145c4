import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act } from 'react'
import type { Post } from '#src/contract/post'
import { PostsScreen } from '#client/admin/screens/posts-screen'
import { apiError, byText, choose, click, fakeApi, fill, json, renderAdmin, settle, type ApiCall } from '#tests/support/component/render-admin'

const post = (slug: string, title: string, createdAt: string, extra: Partial<Post> = {}): Post => ({
  title, slug, summary: `${title} summary text`, tags: ['GPU'], bodyMD: 'word '.repeat(450).trim(), bodyHtml: '',
  readingMinutes: 2, createdAt, updatedAt: createdAt, status: 'published', toc: false, headings: [], ...extra,
})
const LIST = () => [post('newest', 'Newest', '2025-03-05T14:05:00.000Z'), post('older', 'Older', '2024-12-31T23:59:00.000Z', { readingMinutes: 9 })]
const LIST_ROUTE = 'GET /api/admin/posts'

let api: ReturnType<typeof fakeApi>
// Every screen is unmounted after its test: a live one would keep calling the next test's API.
let mounted: { unmount: () => void } | undefined
const realConfirm = window.confirm
beforeEach(() => sessionStorage.clear())
afterEach(() => {
  mounted?.unmount()
  mounted = undefined
  api?.restore()
  window.confirm = realConfirm
})

async function show(handlers: Parameters<typeof fakeApi>[0] = {}, path = '/posts') {
  let items = LIST()
  api = fakeApi({
    [LIST_ROUTE]: () => ({ items }),
    'POST /api/admin/preview': (c: ApiCall) => ({ html: `<h2>${(c.body as { markdown: string }).markdown}</h2>` }),
    ...handlers,
  })
  mounted?.unmount()
  const r = await renderAdmin(<PostsScreen />, { path })
  mounted = r
  await settle()
  return { ...r, setItems: (next: Post[]) => void (items = next) }
}

const $ = <T extends HTMLElement = HTMLInputElement>(c: HTMLElement, selector: string) => c.querySelector<T>(selector)!
const input = (c: HTMLElement, name: string) => $<HTMLInputElement | HTMLTextAreaElement>(c, `#post-${name}`)
const errorOf = (c: HTMLElement, name: string) => c.querySelector(`#post-${name}-error`)?.textContent ?? null
const heading = (c: HTMLElement) => $(c, '#post-form-heading').textContent
const open = (c: HTMLElement, title: string) => click(byText(c, title, 'button.editor-item-select span'))
const save = (c: HTMLElement) => act(async () => $(c, '.editor-form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })))
const blur = (el: HTMLElement) => act(async () => el.dispatchEvent(new FocusEvent('focusout', { bubbles: true })))

async function fillValid(c: HTMLElement) {
  await fill(input(c, 'title'), 'On Kernels')
  await fill(input(c, 'summary'), 'Notes on GPU kernels.')
  await fill(input(c, 'tags'), 'GPU,, CUDA')
  await fill(input(c, 'bodyMD'), 'Twenty characters or more of body.')
}

describe('admin posts', () => {
  test('lists the posts newest first with their UTC dates', async () => {
    const { container } = await show()
    const rows = [...container.querySelectorAll('.posts-list li')].map((li) => [li.querySelector('.editor-item-title')?.textContent, li.querySelector('time')?.getAttribute('datetime')])
    expect(rows).toEqual([['Newest', '2025-03-05T14:05:00.000Z'], ['Older', '2024-12-31T23:59:00.000Z']])
    expect(byText(container, 'New post').tagName).toBe('BUTTON')
    expect(heading(container)).toBe('New post')
  })

  test('shows the load failure in the sidebar', async () => {
    const { container } = await show({ [LIST_ROUTE]: () => apiError(400, 'Bad.') })
    expect($(container, '.editor-sidebar [role="alert"]').textContent).toBe('Failed to load postsBad.')
  })

  test('opens a post with its creation time read-only and reading minutes set by hand', async () => {
    const { container } = await show()
    await open(container, 'Older')
    expect(heading(container)).toBe('Edit post: Older')
    expect($(container, '.editor-meta').textContent).toBe('Created 31 Dec 2024, 23:59 UTC')
    expect(container.querySelector('#post-createdAt')).toBeNull()
    expect(input(container, 'readingMinutes').value).toBe('9')
    await open(container, 'Newest')
    expect(input(container, 'readingMinutes').value).toBe('')
    expect($(container, '#post-readingMinutes-help').textContent).toBe(
      'Optional whole number; values below 1 become 1. Leave empty to compute it from the body (now about 2 min).',
    )
  })

  test('checks title, summary and body with the same messages as projects', async () => {
    const { container } = await show()
    await fill(input(container, 'readingMinutes'), '1.5')
    await save(container)
    expect([errorOf(container, 'title'), errorOf(container, 'summary'), errorOf(container, 'bodyMD'), errorOf(container, 'readingMinutes')]).toEqual([
      'Title is required.',
      'Summary should be at least 10 characters.',
      'Body should be at least 20 characters.',
      'Reading minutes must be a whole number.',
    ])
    await fill(input(container, 'title'), 'Fixed')
    expect(errorOf(container, 'title')).toBeNull()
    expect(api.to('POST /api/admin/posts')).toEqual([])
  })

  test('forces reading minutes below 1 to 1, creates the post and edits it under the returned slug', async () => {
    const created = post('on-kernels', 'On Kernels', '2025-04-01T00:00:00.000Z', { readingMinutes: 1, bodyMD: 'Twenty characters or more of body.' })
    const { container, setItems } = await show({ 'POST /api/admin/posts': () => json(201, created) })
    setItems([created, ...LIST()])
    await fillValid(container)
    await fill(input(container, 'readingMinutes'), '0')
    await blur(input(container, 'readingMinutes'))
    expect(input(container, 'readingMinutes').value).toBe('1')
    await save(container)
    await settle()
    expect(api.to('POST /api/admin/posts')[0]!.body).toEqual({
      title: 'On Kernels',
      summary: 'Notes on GPU kernels.',
      tags: ['GPU', 'CUDA'],
      bodyMD: 'Twenty characters or more of body.',
      readingMinutes: 1,
      toc: false,
      status: 'draft',
    })
    expect(heading(container)).toBe('Edit post: On Kernels')
    expect(api.to(LIST_ROUTE).length).toBe(2)
    expect(sessionStorage.getItem('folio:draft:posts:new')).toBeNull()
  })

  test('leaves reading minutes out when empty so the server computes them', async () => {
    const view = await show({
      'PUT /api/admin/posts/newest': (c: ApiCall) => {
        const saved = { ...LIST()[0]!, ...(c.body as object) }
        view.setItems([saved, LIST()[1]!])
        return saved
      },
    })
    const { container } = view
    await open(container, 'Newest')
    await fill(input(container, 'tags'), 'GPU ,  Rust')
    await save(container)
    await settle()
    const body = api.to('PUT /api/admin/posts/newest')[0]!.body as Record<string, unknown>
    expect([body.tags, 'readingMinutes' in body, 'createdAt' in body]).toEqual([['GPU', 'Rust'], false, false])
    expect(input(container, 'tags').value).toBe('GPU, Rust')
    expect(container.querySelector('.editor-dirty')).toBeNull()
  })

  test('shows the server details under Failed to save post', async () => {
    const details = [{ message: 'Tags are at most 40 characters.', code: 'too_big', path: 'tags.0' }]
    const { container } = await show({ 'POST /api/admin/posts': () => json(400, { ok: false, error: 'Invalid input.', details }) })
    await fillValid(container)
    await save(container)
    await settle()
    const alert = $(container, '.editor-form [role="alert"]')
    expect([alert.querySelector('p')?.textContent, [...alert.querySelectorAll('li')].map((li) => li.textContent)]).toEqual([
      'Failed to save post',
      ['Invalid input.', 'Tags are at most 40 characters.'],
    ])
    expect(errorOf(container, 'tags')).toBe('Tags are at most 40 characters.')
  })

  test('deletes a post after the confirmation', async () => {
    const { container, setItems } = await show({ 'DELETE /api/admin/posts/older': () => ({ ok: true }) })
    await open(container, 'Older')
    const asked: string[] = []
    window.confirm = (message?: string) => (asked.push(String(message)), true)
    setItems(LIST().slice(0, 1))
    await click(byText(container, 'Delete'))
    await settle()
    expect([asked, api.to('DELETE /api/admin/posts/older').length, heading(container)]).toEqual([['Delete this post permanently?'], 1, 'New post'])
  })

  test('says Post not found, with a link back to the list, when the post in the URL is gone', async () => {
    const { container } = await show({}, '/posts/gone')
    expect($(container, '#editor-not-found-heading').textContent).toBe('Post not found')
    expect($(container, '.editor-main [role="alert"]').textContent).toBe('No post has the slug "gone". It may have been renamed or deleted.')
    expect($(container, '.editor-not-found a').textContent).toBe('Back to all posts')
  })

  test('previews the body once, 400 ms after typing stops, as the server rendered it', async () => {
    const { container } = await show()
    expect($(container, '.editor-preview').textContent).toContain('Nothing to preview yet.')
    await fill(input(container, 'bodyMD'), 'Hel')
    await settle(200)
    await fill(input(container, 'bodyMD'), 'Hello')
    await settle(300)
    expect(api.to('POST /api/admin/preview')).toEqual([])
    await settle(150)
    await settle(20)
    expect(api.to('POST /api/admin/preview').map((c) => c.body)).toEqual([{ markdown: 'Hello' }])
    expect($(container, '.editor-preview .prose').innerHTML).toBe('<h2>Hello</h2>')
  })

  test('reports a 401 from the preview as an ended session', async () => {
    const { container, session } = await show({ 'POST /api/admin/preview': () => apiError(401, 'Not signed in.') })
    await fill(input(container, 'bodyMD'), 'Some body text')
    await settle(450)
    await settle(20)
    expect(session.ended).toBe(1)
  })
})

describe('admin posts: publication', () => {
  const DRAFT = post('draft-notes', 'Draft notes', '2025-04-01T00:00:00.000Z', { status: 'draft' })
  const SOON = post('soon', 'Soon', '2025-04-02T00:00:00.000Z', { status: 'scheduled', publishAt: '2026-03-05T14:05:00.000Z', toc: true })
  const withDrafts = { [LIST_ROUTE]: () => ({ items: [SOON, DRAFT, ...LIST()] }) }
  const status = (c: HTMLElement) => $<HTMLSelectElement>(c, '#post-status')
  const putBody = () => api.to('PUT /api/admin/posts/newest')[0]?.body as Record<string, unknown> | undefined
  const echo = { 'PUT /api/admin/posts/newest': (c: ApiCall) => ({ ...LIST()[0]!, ...(c.body as object) }) }

  test('the list says Draft, or when a scheduled post goes public, and nothing for a published one', async () => {
    const { container } = await show(withDrafts)
    const states = [...container.querySelectorAll('.posts-list li')].map((li) => li.querySelector('.editor-item-publication')?.textContent ?? null)
    expect(states).toEqual(['Scheduled for 5 Mar 2026, 14:05 UTC', 'Draft', null, null])
  })

  test('opens a scheduled post with its status, its publish time as UTC text and its table of contents', async () => {
    const { container } = await show(withDrafts)
    await open(container, 'Soon')
    await settle() // the body's preview loads on opening
    expect([status(container).value, input(container, 'publishAt').value, (input(container, 'toc') as HTMLInputElement).checked]).toEqual(['scheduled', '2026-03-05T14:05', true])
    const options = [...status(container).options].map((o) => o.textContent)
    expect([$(container, 'label[for="post-publishAt"]').textContent, options]).toEqual(['Publish at (UTC) *', ['Published', 'Draft', 'Scheduled']])
  })

  test('typing kept from before the publication fields existed shows the stored status, not Published', async () => {
    const before = { title: 'Draft notes', slug: 'draft-notes', summary: DRAFT.summary, tags: 'GPU', bodyMD: DRAFT.bodyMD, readingMinutes: '' }
    sessionStorage.setItem('folio:draft:posts:edit:draft-notes', JSON.stringify({ base: before, values: { ...before, title: 'Kept' } }))
    const { container } = await show(withDrafts, '/posts/draft-notes')
    await settle()
    expect([input(container, 'title').value, status(container).value]).toEqual(['Kept', 'draft'])
  })

  test('creates a draft: its status goes into the payload and no publish time is asked for', async () => {
    const { container } = await show({ 'POST /api/admin/posts': (c: ApiCall) => json(201, { ...DRAFT, ...(c.body as object) }) })
    await fillValid(container)
    await choose(status(container), 'draft')
    expect(container.querySelector('#post-publishAt')).toBeNull()
    await save(container)
    await settle()
    const body = api.to('POST /api/admin/posts')[0]!.body as Record<string, unknown>
    expect([body.status, 'publishAt' in body]).toEqual(['draft', false])
  })

  test('schedules a post with the typed time read as UTC, sent as an exact ISO instant', async () => {
    const { container } = await show(echo)
    await open(container, 'Newest')
    await choose(status(container), 'scheduled')
    await fill(input(container, 'publishAt'), '2026-03-05T14:05')
    await save(container)
    await settle()
    expect(putBody()).toMatchObject({ status: 'scheduled', publishAt: '2026-03-05T14:05:00.000Z' })
  })

  test('says a scheduled post needs a publish time under the field, as the server does', async () => {
    const details = [{ message: 'A scheduled item needs a publish time.', code: 'custom', path: 'publishAt' }]
    const { container } = await show({ 'PUT /api/admin/posts/newest': () => json(400, { ok: false, error: 'Invalid input.', details }) })
    await open(container, 'Newest')
    await choose(status(container), 'scheduled')
    await save(container)
    const described = input(container, 'publishAt').getAttribute('aria-describedby')
    expect([errorOf(container, 'publishAt'), described]).toEqual(['A scheduled item needs a publish time.', 'post-publishAt-help post-publishAt-error'])
    expect(document.activeElement).toBe(input(container, 'publishAt'))
    expect(api.to('PUT /api/admin/posts/newest')).toEqual([])
    // The server's own message for the field lands in the same place.
    await fill(input(container, 'publishAt'), '2026-03-05T14:05')
    await save(container)
    await settle()
    expect([api.to('PUT /api/admin/posts/newest').length, errorOf(container, 'publishAt')]).toEqual([1, 'A scheduled item needs a publish time.'])
  })

  test('drops a publish time left in the hidden field when the post goes back to published', async () => {
    const { container } = await show(echo)
    await open(container, 'Newest')
    await choose(status(container), 'scheduled')
    await fill(input(container, 'publishAt'), '2026-03-05T14:05')
    await choose(status(container), 'published')
    await save(container)
    await settle()
    expect([putBody()?.status, putBody() && 'publishAt' in putBody()!]).toEqual(['published', false])
  })

  test('sends the table of contents choice', async () => {
    const { container } = await show(echo)
    await open(container, 'Newest')
    await click(byText(container, 'Show a table of contents', 'label'))
    await save(container)
    await settle()
    expect(putBody()?.toc).toBe(true)
  })

  test('creates a preview link for a draft and shows it with Copy and when it stops working', async () => {
    const url = 'http://localhost/preview/post.7.1743638400000.signature'
    const { container } = await show({ ...withDrafts, 'POST /api/admin/preview-links': () => json(201, { url, expiresAt: '2025-04-04T00:00:00.000Z' }) })
    await open(container, 'Draft notes')
    await click(byText(container, 'Create preview link'))
    await settle()
    expect(api.to('POST /api/admin/preview-links').map((c) => c.body)).toEqual([{ kind: 'post', slug: 'draft-notes', hours: 72 }])
    const field = $(container, '#post-preview-link')
    expect([field.value, field.readOnly, $(container, '#post-preview-link-expiry').textContent]).toEqual([url, true, 'Works until 4 Apr 2025, 00:00 UTC'])
    const written: string[] = []
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async (text: string) => void written.push(text) }, configurable: true })
    await click(byText(container, 'Copy the preview link'))
    expect([written, $(container, '.editor-preview-link [role="status"]').textContent]).toEqual([[url], 'Link copied to the clipboard.'])
  })

  test('shows a failed preview link as an alert, and offers none for a published post', async () => {
    const { container } = await show({ ...withDrafts, 'POST /api/admin/preview-links': () => apiError(404, 'Post not found.') })
    await open(container, 'Soon')
    await click(byText(container, 'Create preview link'))
    await settle()
    expect($(container, '.editor-preview-link [role="alert"]').textContent).toBe('Failed to create preview linkPost not found.')
    await open(container, 'Newest')
    expect(container.querySelector('.editor-preview-link')).toBeNull()
  })
})
