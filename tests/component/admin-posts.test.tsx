import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act } from 'react'
import type { Post } from '../../src/contract/post'
import { PostsScreen } from '../../client/admin/screens/posts-screen'
import { apiError, byText, click, fakeApi, fill, json, renderAdmin, settle, type ApiCall } from '../support/render-admin'

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

async function show(handlers: Parameters<typeof fakeApi>[0] = {}) {
  let items = LIST()
  api = fakeApi({
    [LIST_ROUTE]: () => ({ items }),
    'POST /api/admin/preview': (c: ApiCall) => ({ html: `<h2>${(c.body as { markdown: string }).markdown}</h2>` }),
    ...handlers,
  })
  mounted?.unmount()
  const r = await renderAdmin(<PostsScreen />, { path: '/posts' })
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

  test('says Failed to load post when the selected post is gone', async () => {
    sessionStorage.setItem('folio:draft:posts:selected', JSON.stringify('gone'))
    const { container } = await show()
    expect($(container, '.editor-main [role="alert"]').textContent).toContain('Failed to load post')
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
