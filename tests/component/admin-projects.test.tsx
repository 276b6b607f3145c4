import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act } from 'react'
import type { Project } from '#src/contract/project'
import { ORDER_EVENT, ORDER_VERSION_KEY } from '#client/lib/order-sync'
import { ProjectsScreen } from '#client/admin/screens/projects-screen'
import { apiError, byText, choose, click, fakeApi, fill, json, renderAdmin, settle, type ApiCall } from '#tests/support/component/render-admin'

const project = (slug: string, title: string, order: number, extra: Partial<Project> = {}): Project => ({
  title, slug, summary: `${title} summary text`, tags: ['FPGA'], bodyMD: `# ${title}\n\nA body long enough to pass.`, bodyHtml: '',
  gallery: [], demoLinks: {}, metrics: {}, order, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z', status: 'published', ...extra,
})
const LIST = () => [project('scopelet', 'Scopelet', 3), project('gpu-lab', 'GPU Lab', 2), project('fpga-synth', 'FPGA Synth', 1)]
const LIST_ROUTE = 'GET /api/admin/projects'

let api: ReturnType<typeof fakeApi>
// Every screen is unmounted after its test: a live one would keep calling the next test's API.
let mounted: { unmount: () => void } | undefined
let confirmed: string[] = []
const realConfirm = window.confirm
beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
  confirmed = []
})
afterEach(() => {
  mounted?.unmount()
  mounted = undefined
  api?.restore()
  window.confirm = realConfirm
})

type Handlers = Parameters<typeof fakeApi>[0]
async function show(handlers: Handlers = {}, path = '/projects') {
  let items = LIST()
  api = fakeApi({
    [LIST_ROUTE]: () => ({ items }),
    'POST /api/admin/preview': (c: ApiCall) => ({ html: `<p>${String((c.body as { markdown: string }).markdown.length)} chars</p>` }),
    ...handlers,
  })
  mounted?.unmount()
  const r = await renderAdmin(<ProjectsScreen />, { path })
  mounted = r
  await settle()
  return { ...r, setItems: (next: Project[]) => void (items = next) }
}

const $ = <T extends HTMLElement = HTMLInputElement>(c: HTMLElement, selector: string) => c.querySelector<T>(selector)!
const input = (c: HTMLElement, name: string) => $<HTMLInputElement | HTMLTextAreaElement>(c, `#project-${name}`)
const errorOf = (c: HTMLElement, name: string) => c.querySelector(`#project-${name}-error`)?.textContent ?? null
const titles = (c: HTMLElement) => [...c.querySelectorAll('.projects-list .editor-item-title')].map((e) => e.textContent)
const heading = (c: HTMLElement) => $(c, '#project-form-heading').textContent
const save = (c: HTMLElement) => act(async () => $(c, '.editor-form').dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })))

async function fillValid(c: HTMLElement) {
  await fill(input(c, 'title'), 'Tiny Tensor')
  await fill(input(c, 'summary'), 'A tiny tensor library.')
  await fill(input(c, 'tags'), ' GPU, ,CUDA ')
  await fill(input(c, 'bodyMD'), 'Twenty characters or more of body.')
}

describe('admin projects list', () => {
  test('lists the projects in display order with New and move buttons named after each project', async () => {
    const { container } = await show()
    expect(titles(container)).toEqual(['Scopelet', 'GPU Lab', 'FPGA Synth'])
    expect(byText(container, 'New project').tagName).toBe('BUTTON')
    const up = $<HTMLButtonElement>(container, '[aria-label="Move Scopelet up"]')
    const down = $<HTMLButtonElement>(container, '[aria-label="Move FPGA Synth down"]')
    expect([up.disabled, down.disabled, $<HTMLButtonElement>(container, '[aria-label="Move GPU Lab up"]').disabled]).toEqual([true, true, false])
    expect(container.querySelectorAll('.drag-handle[draggable="true"]').length).toBe(3)
  })

  test('shows the load failure where the list would be', async () => {
    const { container } = await show({ [LIST_ROUTE]: () => apiError(403, 'Forbidden.') })
    expect($(container, '.editor-sidebar [role="alert"]').textContent).toBe('Failed to load projectsForbidden.')
  })

  test('moves a project up by keyboard, saves the order and publishes it', async () => {
    const events: unknown[] = []
    const listen = (e: Event) => events.push((e as CustomEvent).detail)
    window.addEventListener(ORDER_EVENT, listen)
    const { container, qc } = await show({ 'POST /api/admin/projects/reorder': () => ({ ok: true }) })
    await click($(container, '[aria-label="Move GPU Lab up"]'))
    await settle()
    window.removeEventListener(ORDER_EVENT, listen)
    expect(api.to('POST /api/admin/projects/reorder').map((c) => c.body)).toEqual([{ slugs: ['gpu-lab', 'scopelet', 'fpga-synth'] }])
    expect(titles(container)).toEqual(['GPU Lab', 'Scopelet', 'FPGA Synth'])
    const cached = qc.getQueryData<{ items: Project[] }>(['admin', 'projects'])!.items.map((p) => [p.slug, p.order])
    expect(cached).toEqual([['gpu-lab', 3], ['scopelet', 2], ['fpga-synth', 1]])
    expect($(container, '.editor-status').textContent).toBe('Order updated.')
    expect(localStorage.getItem(ORDER_VERSION_KEY)).toBe('1')
    expect(events).toEqual([{ slugs: ['gpu-lab', 'scopelet', 'fpga-synth'], version: 1 }])
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move GPU Lab down')
  })

  test('reorders by dragging a handle onto another project', async () => {
    const { container } = await show({ 'POST /api/admin/projects/reorder': () => ({ ok: true }) })
    const data = { setData: () => {}, setDragImage: () => {}, effectAllowed: '', dropEffect: '' }
    const fire = (el: Element, type: string) =>
      act(async () => {
        const event = new Event(type, { bubbles: true, cancelable: true })
        Object.defineProperty(event, 'dataTransfer', { value: data })
        el.dispatchEvent(event)
      })
    const rows = container.querySelectorAll('.projects-list li')
    await fire(rows[0]!.querySelector('.drag-handle')!, 'dragstart')
    await fire(rows[2]!, 'dragover')
    expect(rows[2]!.classList.contains('drop-target')).toBe(true)
    await fire(rows[2]!, 'drop')
    await settle()
    expect(api.to('POST /api/admin/projects/reorder').map((c) => c.body)).toEqual([{ slugs: ['gpu-lab', 'fpga-synth', 'scopelet'] }])
    expect(titles(container)).toEqual(['GPU Lab', 'FPGA Synth', 'Scopelet'])
  })

  test('shows a failed reorder and reloads the list from the server', async () => {
    const { container } = await show({ 'POST /api/admin/projects/reorder': () => apiError(400, 'Unknown project slugs.') })
    await click($(container, '[aria-label="Move Scopelet down"]'))
    await settle()
    expect($(container, '.editor-sidebar [role="alert"]').textContent).toContain('Failed to reorder projects')
    expect(api.to(LIST_ROUTE).length).toBe(2)
    expect(titles(container)).toEqual(['Scopelet', 'GPU Lab', 'FPGA Synth'])
    expect(localStorage.getItem(ORDER_VERSION_KEY)).toBeNull()
  })
})

describe('admin project form', () => {
  test('shows each rule message next to its field and sends nothing', async () => {
    const { container } = await show()
    await fill(input(container, 'summary'), 'short')
    await save(container)
    expect([errorOf(container, 'title'), errorOf(container, 'summary'), errorOf(container, 'bodyMD')]).toEqual([
      'Title is required.',
      'Summary should be at least 10 characters.',
      'Body should be at least 20 characters.',
    ])
    expect(input(container, 'title').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(input(container, 'title'))
    expect(api.to('POST /api/admin/projects')).toEqual([])
  })

  test('shows the slug made from the title as a hint', async () => {
    const { container } = await show()
    await fill(input(container, 'title'), 'Hello, Wörld!')
    expect($(container, '#project-slug-help').textContent).toContain('hello-world')
  })

  test('creates a project, then edits it under the returned slug and reloads the list', async () => {
    const created = project('tiny-tensor', 'Tiny Tensor', 4, { tags: ['GPU', 'CUDA'] })
    const view = await show({ 'POST /api/admin/projects': () => json(201, created) })
    view.setItems([created, ...LIST()])
    await fillValid(view.container)
    await save(view.container)
    await settle()
    expect(api.to('POST /api/admin/projects')[0]!.body).toEqual({ title: 'Tiny Tensor', summary: 'A tiny tensor library.', tags: ['GPU', 'CUDA'], bodyMD: 'Twenty characters or more of body.', status: 'draft' })
    expect(heading(view.container)).toBe('Edit project: Tiny Tensor')
    expect(api.to(LIST_ROUTE).length).toBe(2)
    expect(titles(view.container)[0]).toBe('Tiny Tensor')
    expect(sessionStorage.getItem('folio:draft:projects:new')).toBeNull()
    expect(byText(view.container, 'Delete').tagName).toBe('BUTTON')
  })

  test('saves an edit with PUT on the old slug and follows a changed slug', async () => {
    const renamed = project('scopelet-2', 'Scopelet 2', 3)
    const { container, setItems } = await show({ 'PUT /api/admin/projects/scopelet': () => renamed })
    setItems([renamed, ...LIST().slice(1)])
    await click(byText(container, 'Scopelet', 'button.editor-item-select span'))
    expect(input(container, 'title').value).toBe('Scopelet')
    await fill(input(container, 'title'), 'Scopelet 2')
    expect(container.querySelector('.editor-dirty')?.textContent).toBe('Unsaved changes are kept in this tab until you save.')
    await fill(input(container, 'slug'), '')
    await save(container)
    await settle()
    expect(api.to('PUT /api/admin/projects/scopelet')[0]!.body).toMatchObject({ title: 'Scopelet 2', tags: ['FPGA'] })
    expect(heading(container)).toBe('Edit project: Scopelet 2')
    expect(input(container, 'slug').value).toBe('scopelet-2')
    expect(container.querySelector('.editor-dirty')).toBeNull()
  })

  test('shows a taken slug on the slug field and under Failed to save project', async () => {
    const { container } = await show({ 'POST /api/admin/projects': () => apiError(409, 'The slug "scopelet" is already taken.') })
    await fillValid(container)
    await fill(input(container, 'slug'), 'scopelet')
    await save(container)
    await settle()
    expect($(container, '.editor-form [role="alert"]').textContent).toBe('Failed to save projectThe slug "scopelet" is already taken.')
    expect(errorOf(container, 'slug')).toBe('The slug "scopelet" is already taken.')
  })

  test('deletes only after the confirmation', async () => {
    const { container, setItems } = await show({ 'DELETE /api/admin/projects/gpu-lab': () => ({ ok: true }) })
    await click(byText(container, 'GPU Lab', 'button.editor-item-select span'))
    window.confirm = (message?: string) => (confirmed.push(String(message)), false)
    await click(byText(container, 'Delete'))
    expect(api.to('DELETE /api/admin/projects/gpu-lab')).toEqual([])
    window.confirm = (message?: string) => (confirmed.push(String(message)), true)
    setItems(LIST().filter((p) => p.slug !== 'gpu-lab'))
    await click(byText(container, 'Delete'))
    await settle()
    expect(confirmed).toEqual(['Delete this project permanently?', 'Delete this project permanently?'])
    expect(api.to('DELETE /api/admin/projects/gpu-lab').length).toBe(1)
    expect(heading(container)).toBe('New project')
    expect(titles(container)).not.toContain('GPU Lab')
  })

  test('keeps the typing through a 401 and reports the ended session', async () => {
    const view = await show({ 'POST /api/admin/projects': () => apiError(401, 'Not signed in.') })
    await fillValid(view.container)
    await save(view.container)
    await settle()
    expect(view.session.ended).toBe(1)
    const again = await show()
    expect(input(again.container, 'title').value).toBe('Tiny Tensor')
    expect(input(again.container, 'bodyMD').value).toBe('Twenty characters or more of body.')
  })

  test('New empties the form', async () => {
    const { container } = await show()
    await fill(input(container, 'title'), 'Half typed')
    const asked: string[] = []
    const confirm = window.confirm
    window.confirm = (message?: string) => (asked.push(String(message)), true)
    await click(byText(container, 'New project'))
    window.confirm = confirm
    expect([input(container, 'title').value, asked]).toEqual(['', ['Discard unsaved changes?']])
    await click(byText(container, 'FPGA Synth', 'button.editor-item-select span'))
    await click(byText(container, 'New project'))
    expect(heading(container)).toBe('New project')
  })

  test('says Project not found when the project in the URL is gone', async () => {
    const { container } = await show({}, '/projects/gone')
    expect($(container, '.editor-main [role="alert"]').textContent).toBe('No project has the slug "gone". It may have been renamed or deleted.')
  })

  test('uploads a hero image and a gallery image into their fields', async () => {
    let n = 0
    const { container } = await show({ 'POST /api/admin/uploads': () => json(201, { url: `/uploads/${++n}.png` }) })
    await fill(input(container, 'gallery'), '/uploads/old.png')
    const file = new File([new Uint8Array([1, 2, 3])], 'a.png', { type: 'image/png' })
    for (const label of ['Upload hero image', 'Upload gallery image']) {
      const picker = $(container, `input[type="file"][aria-label="${label}"]`)
      expect(picker.accept).toBe('image/png,image/jpeg,image/webp,image/gif,image/avif')
      Object.defineProperty(picker, 'files', { value: [file], configurable: true })
      await act(async () => picker.dispatchEvent(new Event('change', { bubbles: true })))
      await settle()
    }
    const sent = api.to('POST /api/admin/uploads')[0]!
    expect([sent.body, (sent.init.headers as Record<string, string>)['Content-Type'], sent.init.credentials]).toEqual([file, 'image/png', 'include'])
    expect([input(container, 'heroImage').value, input(container, 'gallery').value]).toEqual(['/uploads/1.png', '/uploads/old.png\n/uploads/2.png'])
  })

  test('shows a too large image where the upload failed', async () => {
    const { container } = await show({ 'POST /api/admin/uploads': () => apiError(413, 'Body too large.') })
    const picker = $(container, 'input[type="file"][aria-label="Upload hero image"]')
    Object.defineProperty(picker, 'files', { value: [new File(['x'], 'big.png', { type: 'image/png' })] })
    await act(async () => picker.dispatchEvent(new Event('change', { bubbles: true })))
    await settle()
    expect($(container, '.field-heroImage [role="alert"]').textContent).toBe('The image is too large (max 10 MB).')
    expect(input(container, 'heroImage').value).toBe('')
  })

  test('previews the body through the server once typing pauses', async () => {
    const { container } = await show()
    await fill(input(container, 'bodyMD'), 'Hello')
    await fill(input(container, 'bodyMD'), 'Hello world')
    await settle(450)
    await settle(20)
    expect(api.to('POST /api/admin/preview').map((c) => c.body)).toEqual([{ markdown: 'Hello world' }])
    expect($(container, '.editor-preview .prose').innerHTML).toBe('<p>11 chars</p>')
  })
})

describe('admin project publication', () => {
  const HIDDEN = [project('secret', 'Secret', 5, { status: 'draft' }), project('later', 'Later', 4, { status: 'scheduled', publishAt: '2026-03-05T14:05:00.000Z' })]
  const status = (c: HTMLElement) => $<HTMLSelectElement>(c, '#project-status')

  test('the list says Draft or Scheduled for its UTC time, and a draft offers a preview link', async () => {
    const url = 'http://localhost/preview/project.5.1.sig'
    const links = { 'POST /api/admin/preview-links': () => json(201, { url, expiresAt: '2026-03-08T14:05:00.000Z' }) }
    const { container } = await show({ [LIST_ROUTE]: () => ({ items: [...HIDDEN, ...LIST()] }), ...links })
    const states = [...container.querySelectorAll('.projects-list li')].map((li) => li.querySelector('.editor-item-publication')?.textContent ?? null)
    expect(states).toEqual(['Draft', 'Scheduled for 5 Mar 2026, 14:05 UTC', null, null, null])
    await click(byText(container, 'Secret', 'button.editor-item-select span'))
    await click(byText(container, 'Create preview link'))
    await settle()
    expect(api.to('POST /api/admin/preview-links').map((c) => c.body)).toEqual([{ kind: 'project', slug: 'secret', hours: 72 }])
    expect([input(container, 'preview-link').value, $(container, '#project-preview-link-expiry').textContent]).toEqual([url, 'Works until 8 Mar 2026, 14:05 UTC'])
  })

  test('asks a scheduled project for its time, then sends the time typed in UTC as an exact instant', async () => {
    const { container } = await show({ 'POST /api/admin/projects': (c: ApiCall) => json(201, { ...project('tiny-tensor', 'Tiny Tensor', 4), ...(c.body as object) }) })
    await fillValid(container)
    await choose(status(container), 'scheduled')
    await save(container)
    expect([errorOf(container, 'publishAt'), api.to('POST /api/admin/projects').length]).toEqual(['A scheduled item needs a publish time.', 0])
    await fill(input(container, 'publishAt'), '2026-12-31T23:30')
    await save(container)
    await settle()
    expect(api.to('POST /api/admin/projects')[0]!.body).toMatchObject({ status: 'scheduled', publishAt: '2026-12-31T23:30:00.000Z' })
  })

  test('saves a project as a draft without a publish time', async () => {
    const { container } = await show({ 'PUT /api/admin/projects/gpu-lab': (c: ApiCall) => ({ ...LIST()[1]!, ...(c.body as object) }) })
    await click(byText(container, 'GPU Lab', 'button.editor-item-select span'))
    await choose(status(container), 'draft')
    await save(container)
    await settle()
    const body = api.to('PUT /api/admin/projects/gpu-lab')[0]!.body as Record<string, unknown>
    expect([body.status, 'publishAt' in body]).toEqual(['draft', false])
  })
})
