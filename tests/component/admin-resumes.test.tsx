import { afterEach, beforeEach, describe, expect, jest, mock, test } from 'bun:test'
import { act } from 'react'
import type { ResumeLink } from '#src/contract/resume'
import { NOT_A_PDF, TOO_LARGE } from '#client/features/resumes/resumes-file'
import type { ResumeFileStatus } from '#client/features/resumes/api'
import { ResumesScreen } from '#client/admin/screens/resumes-screen'
import { apiError, byText, click, fakeApi, json, renderAdmin, settle, type ApiCall } from '#tests/support/component/render-admin'

const LINKS = 'GET /api/admin/resume/links'
const SIGN = 'POST /api/admin/resume/sign-url'
const FILE = '/api/admin/resume/file'
const ORIGIN = window.location.origin

const link = (token: string, status: ResumeLink['status'], usedAt: string | null = null): ResumeLink => ({
  token,
  createdAt: '2026-03-05T14:05:00.000Z',
  expiresAt: '2026-03-06T14:05:00.000Z',
  status,
  used: status === 'viewed',
  usedAt,
  relativeUrl: `/resume/${token}`,
})
const ITEMS = [link('tok-valid', 'valid'), link('tok-viewed', 'viewed', '2026-03-05T16:30:00.000Z'), link('tok-expired', 'expired')]
const NO_FILE: ResumeFileStatus = { present: false, source: null }
const SOME_FILE: ResumeFileStatus = { present: true, source: 'env', size: 1024, uploadedAt: null }

let api: ReturnType<typeof fakeApi>
let writeText: ReturnType<typeof mock>
type Handlers = Record<string, (call: ApiCall) => unknown>

function setClipboard(value: unknown) {
  Object.defineProperty(navigator, 'clipboard', { value, configurable: true })
}

async function show(handlers: Handlers = {}) {
  api = fakeApi({
    [LINKS]: () => ({ items: ITEMS }),
    [SIGN]: () => json(201, { url: '/resume/new-token', expiresAt: '2026-03-06T14:05:00.000Z' }),
    [`GET ${FILE}`]: () => SOME_FILE,
    ...handlers,
  })
  const r = await renderAdmin(<ResumesScreen />, { path: '/resumes' })
  await settle()
  return r
}

beforeEach(() => {
  writeText = mock(() => Promise.resolve())
  setClipboard({ writeText })
})
const realConfirm = window.confirm
afterEach(() => {
  api?.restore()
  jest.useRealTimers()
  window.confirm = realConfirm
})

const cells = (c: HTMLElement) => [...c.querySelectorAll('.resumes-table tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent))
const figure = (c: HTMLElement, term: string) =>
  [...c.querySelectorAll('.resumes-counts > div')].find((d) => d.querySelector('dt')?.textContent === term)?.querySelector('dd')?.textContent
const alertText = (c: HTMLElement) => [...c.querySelectorAll('[role="alert"]')].map((e) => e.textContent)

describe('admin resumes: one-time links', () => {
  test('keeps Generate link disabled, saying why, until a resume PDF exists', async () => {
    const { container } = await show({ [`GET ${FILE}`]: () => NO_FILE })
    const button = byText(container, 'Generate link')
    expect(button.disabled).toBe(true)
    const reason = container.querySelector(`#${button.getAttribute('aria-describedby')}`)
    expect(reason?.textContent).toStartWith('Upload a resume PDF first: links need a file to download.')
    await click(button)
    expect(api.to(SIGN)).toHaveLength(0)
  })

  test('generates a link, copies its full address and says so for 5 seconds', async () => {
    const { container } = await show()
    jest.useFakeTimers()
    await click(byText(container, 'Generate link'))
    for (let i = 0; i < 5; i++) await act(async () => jest.advanceTimersByTime(0))
    expect(api.to(SIGN)).toHaveLength(1)
    expect(writeText).toHaveBeenCalledWith(`${ORIGIN}/resume/new-token`)
    const status = () => container.querySelector('.resumes-notice [role="status"]')?.textContent
    expect(status()).toBe('Link copied to the clipboard.')
    expect(api.to(LINKS)).toHaveLength(2) // the list is reloaded with the new link
    await act(async () => jest.advanceTimersByTime(4900))
    expect(status()).toBe('Link copied to the clipboard.')
    await act(async () => jest.advanceTimersByTime(100))
    expect(status()).toBe('')
  })

  test.each([
    ['the clipboard refuses', () => setClipboard({ writeText: () => Promise.reject(new Error('denied')) })],
    ['there is no clipboard', () => setClipboard(undefined)],
  ])('when %s it shows the link selected in a read-only field to copy by hand', async (_, arrange) => {
    arrange()
    const { container } = await show()
    await click(byText(container, 'Generate link'))
    await settle()
    expect(alertText(container)).toEqual(['Unable to copy. Copy it manually instead.'])
    const field = container.querySelector('#resume-manual-link') as HTMLInputElement
    expect(field.readOnly).toBe(true)
    expect(field.value).toBe(`${ORIGIN}/resume/new-token`)
expect(document.activeElement?.id).toBe(field.id)
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, field.value.length])
    expect(container.querySelector('label[for="resume-manual-link"]')?.textContent).toBe('Resume link')
    expect(container.querySelector('#resume-manual-help')?.textContent).toContain('copy it with Ctrl+C')
  })

  test('says when the link could not be generated', async () => {
    const { container, session } = await show({ [SIGN]: () => json(500, {}) })
    await click(byText(container, 'Generate link'))
    await settle()
    expect(alertText(container)).toEqual(['Failed to generate resume link.'])
    expect(writeText).not.toHaveBeenCalled()
    expect(session.ended).toBe(0)
  })

  test('shows the counts and the table of the last 7 days', async () => {
    const { container } = await show()
    expect([figure(container, 'Generated in the last 7 days'), figure(container, 'Currently valid')]).toEqual(['3', '1'])
    const heads = [...container.querySelectorAll('.resumes-table thead th')].map((th) => th.textContent)
    expect(heads).toEqual(['Created', 'Expires', 'Status', 'Viewed time', 'Link', 'Actions'])
    const [valid, viewed] = cells(container)
    expect(valid!.slice(0, 5)).toEqual(['5 Mar 2026, 14:05 UTC', '6 Mar 2026, 14:05 UTC', 'Valid', '–', `${ORIGIN}/resume/tok-valid`])
    expect(viewed!.slice(2, 4)).toEqual(['Viewed', '5 Mar 2026, 16:30 UTC'])
    expect(cells(container)[2]![2]).toBe('Expired')
    const open = container.querySelector('.resumes-table tbody tr a') as HTMLAnchorElement
    expect(open.getAttribute('href')).toBe(`${ORIGIN}/resume/tok-valid`)
    expect([open.target, open.rel]).toEqual(['_blank', 'noopener noreferrer'])
    expect(open.textContent).toStartWith('Open')
  })

  test('copies the link of a row with its Copy button', async () => {
    const { container } = await show()
    const copy = container.querySelectorAll('.resumes-table tbody tr')[1]!.querySelector('button')!
    expect(copy.textContent).toBe('Copy the link created 5 Mar 2026, 14:05 UTC')
    await click(copy)
    await settle()
    expect(writeText).toHaveBeenCalledWith(`${ORIGIN}/resume/tok-viewed`)
    expect(container.querySelector('.resumes-notice [role="status"]')?.textContent).toBe('Link copied to the clipboard.')
  })

  test('says a link restored from elsewhere cannot be given back, in place of Copy and Open', async () => {
    const restored = { ...link('', 'valid'), relativeUrl: '' }
    const { container } = await show({ [LINKS]: () => ({ items: [restored, { ...restored, status: 'viewed' }, ITEMS[0]] }) })
    const rows = [...container.querySelectorAll('.resumes-table tbody tr')]
    expect(rows).toHaveLength(3)
    expect(cells(container)[0]!.slice(2)).toEqual(['Valid', '–', 'Link not recoverable on this server (restored from a backup); it still works if you have it.'])
    expect(rows[0]!.querySelector('td:last-child')!.getAttribute('colspan')).toBe('2')
    expect(rows.slice(0, 2).map((r) => r.querySelectorAll('button, a').length)).toEqual([0, 0])
    expect(rows[2]!.querySelector('a')!.getAttribute('href')).toBe(`${ORIGIN}/resume/tok-valid`)
    expect(figure(container, 'Currently valid')).toBe('2')
  })

  test('says when no link was generated in the past 7 days', async () => {
    const { container } = await show({ [LINKS]: () => ({ items: [] }) })
    expect(container.querySelector('.empty')?.textContent).toBe('No resume links generated in the past 7 days.')
    expect(figure(container, 'Currently valid')).toBe('0')
    expect(container.querySelector('.resumes-table')).toBeNull()
  })

  test('says when the links could not be loaded', async () => {
    const { container } = await show({ [LINKS]: () => json(404, {}) })
    expect(alertText(container)).toEqual(['Unable to load resume links.'])
  })

  test.each([LINKS, SIGN])('reports the end of the session when %s answers 401', async (route) => {
    const { container, session } = await show({ [route]: () => apiError(401, 'Not signed in') })
    if (route === SIGN) await click(byText(container, 'Generate link'))
    await settle()
    expect(session.ended).toBe(1)
  })
})

describe('admin resumes: the resume file', () => {
  const UPLOADED: ResumeFileStatus = { present: true, source: 'upload', size: 204_800, uploadedAt: '2026-03-05T14:05:00.000Z' }
  const ENV: ResumeFileStatus = { present: true, source: 'env', size: 1024, uploadedAt: null }
  const pdf = (size = 100, type = 'application/pdf') => new File([new Uint8Array(size)], 'cv.pdf', { type })
  const input = (c: HTMLElement) => c.querySelector('#resume-file-input') as HTMLInputElement
  const statusText = (c: HTMLElement) => c.querySelector('.resumes-file-status')?.textContent

  async function choose(c: HTMLElement, file: File) {
    await act(async () => {
      Object.defineProperty(input(c), 'files', { value: [file], configurable: true })
      input(c).dispatchEvent(new Event('change', { bubbles: true }))
    })
  }
  async function upload(c: HTMLElement, file: File) {
    await choose(c, file)
    await click(byText(c, 'Upload'))
    await settle()
  }

  test.each([
    ['none', NO_FILE, 'No resume PDF yet: one-time links cannot deliver anything until you upload one.', 'Upload a PDF'],
    ['an upload', UPLOADED, 'An uploaded PDF is in use (200 KB, uploaded 5 Mar 2026, 14:05 UTC).', 'Replace the PDF'],
    ['RESUME_FILE', ENV, 'The PDF set by RESUME_FILE on the server is in use (1 KB).', 'Upload a PDF'],
  ])('says which PDF is available: %s', async (_, file, text, label) => {
    const { container } = await show({ [`GET ${FILE}`]: () => file })
    expect(statusText(container)).toBe(text)
    expect(container.querySelector('label[for="resume-file-input"]')?.textContent).toBe(label)
    expect(input(container).accept).toBe('application/pdf,.pdf')
    expect(container.textContent?.includes('Remove uploaded file')).toBe(file.source === 'upload')
  })

  test('uploads the raw PDF bytes and shows the new state', async () => {
    const { container } = await show({ [`POST ${FILE}`]: () => UPLOADED })
    expect(byText(container, 'Upload').disabled).toBe(true)
    const file = pdf()
    await upload(container, file)
    const [call] = api.to(`POST ${FILE}`)
    expect(call!.body).toBe(file)
    expect(call!.init.credentials).toBe('include')
    expect((call!.init.headers as Record<string, string>)['Content-Type']).toBe('application/pdf')
    expect(statusText(container)).toStartWith('An uploaded PDF is in use')
    expect(container.querySelector('.toast')?.textContent).toBe('Resume uploaded.')
    expect(input(container).value).toBe('')
  })

  test.each([
    ['a 413 answer', apiError(413, 'Payload too large'), TOO_LARGE],
    ['a 400 answer', apiError(400, 'That file is not a PDF.'), 'That file is not a PDF.'],
  ])('shows %s where the upload failed', async (_, answer, text) => {
    const { container } = await show({ [`POST ${FILE}`]: () => answer })
    await upload(container, pdf())
    expect(alertText(container)).toEqual([text])
  })

  test.each([
    ['a file that is not a PDF', pdf(100, 'image/png'), NOT_A_PDF],
    ['a PDF over 10 MB', pdf(10 * 1024 * 1024 + 1), TOO_LARGE],
  ])('refuses %s before sending it', async (_, file, text) => {
    const { container } = await show()
    await upload(container, file)
    expect(alertText(container)).toEqual([text])
    expect(api.to(`POST ${FILE}`)).toHaveLength(0)
  })

  test('removes the uploaded file after a confirmation', async () => {
    const confirm = mock(() => true)
    window.confirm = confirm
    const { container } = await show({ [`GET ${FILE}`]: () => UPLOADED, [`DELETE ${FILE}`]: () => ENV })
    await click(byText(container, 'Remove uploaded file'))
    await settle()
    expect(confirm).toHaveBeenCalledTimes(1)
    expect(api.to(`DELETE ${FILE}`)).toHaveLength(1)
    expect(statusText(container)).toBe('The PDF set by RESUME_FILE on the server is in use (1 KB).')
    expect(container.textContent).not.toContain('Remove uploaded file')
  })

  test('keeps the file when the removal is not confirmed', async () => {
    window.confirm = () => false
    const { container } = await show({ [`GET ${FILE}`]: () => UPLOADED })
    await click(byText(container, 'Remove uploaded file'))
    expect(api.to(`DELETE ${FILE}`)).toHaveLength(0)
  })
})
