// The post and project editors as a place to write (issue 20) in Chromium against a real server:
// images by paste and drop, Draft by default, View on site, item URLs, the unsaved-changes guard,
// Ctrl+S, Tab in code fences, demo link rows, and the phone's list → editor → back.
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { slugify } from '#src/contract/text'
import { openScreen, TINY_PNG, unique, useAdminSite } from '#tests/support/browser/admin-e2e'

const site = useAdminSite()
const SUMMARY = 'A summary of more than ten characters.'
const BODY = 'A body of more than twenty characters, to write about.'

const field = (page: Page, name: string) => page.locator(`#post-${name}`)

/** Dispatches a paste or drop of a generated PNG onto the body, as the browser does for a real one. */
async function sendImage(page: Page, kind: 'paste' | 'drop', name: string) {
  await page.evaluate(
    ({ kind, name, bytes }) => {
      const file = new File([new Uint8Array(bytes)], name, { type: 'image/png' })
      const data = new DataTransfer()
      data.items.add(file)
      const body = document.querySelector<HTMLTextAreaElement>('#post-bodyMD')!
      body.focus()
      body.setSelectionRange(body.value.length, body.value.length)
      const event = kind === 'paste' ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }) : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true })
      body.dispatchEvent(event)
    },
    { kind, name, bytes: [...TINY_PNG] },
  )
  const alt = page.getByRole('dialog', { name: 'Describe the image' }).getByLabel('Alt text')
  await alt.waitFor()
  expect(await alt.inputValue()).toBe(name.replace(/\.png$/, '').replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()))
  await alt.press('Enter')
}

async function createDraft(page: Page, title: string) {
  await field(page, 'title').fill(title)
  await field(page, 'summary').fill(SUMMARY)
  await field(page, 'bodyMD').fill(BODY)
  await page.keyboard.press('Control+s')
  await page.getByRole('heading', { name: `Edit post: ${title}` }).waitFor()
  return slugify(title)
}

describe('the writing editor', () => {
  test('a new post is a draft; pasted and dropped images upload into the body and show once published', async () => {
    const { context, page, problems } = await openScreen(site, '/admin/posts/new')
    expect(await field(page, 'status').inputValue()).toBe('draft')
    await field(page, 'bodyMD').fill(`${BODY}\n`)
    await sendImage(page, 'paste', 'pasted-photo.png')
    await page.waitForFunction(() => /!\[Pasted photo\]\(\/uploads\/[^)]+\)/.test(document.querySelector<HTMLTextAreaElement>('#post-bodyMD')!.value))
    await sendImage(page, 'drop', 'dropped-chart.png')
    await page.waitForFunction(() => /!\[Dropped chart\]\(\/uploads\/[^)]+\)/.test(document.querySelector<HTMLTextAreaElement>('#post-bodyMD')!.value))
    expect(await field(page, 'bodyMD').inputValue()).not.toContain('Uploading')

    const title = unique('Images post')
    await field(page, 'title').fill(title)
    await field(page, 'summary').fill(SUMMARY)
    await page.keyboard.press('Control+s')
    await page.getByRole('heading', { name: `Edit post: ${title}` }).waitFor()
    const slug = slugify(title)
    expect(new URL(page.url()).pathname).toBe(`/admin/posts/${slug}`)
    expect((await site.server.get(`/api/posts/${slug}`)).status).toBe(404)
    expect(await page.getByRole('button', { name: /^Preview/ }).count()).toBe(1)

    await page.locator('.editor-details > summary').click()
    await field(page, 'status').selectOption('published')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const view = page.getByRole('link', { name: /View on site/ })
    await view.waitFor()
    expect(await view.getAttribute('href')).toBe(`/blog/${slug}`)
    const [tab] = await Promise.all([context.waitForEvent('page'), view.click()])
    await tab.waitForLoadState()
    expect(new URL(tab.url()).pathname).toBe(`/blog/${slug}`)
    expect(await tab.locator('article img[alt="Pasted photo"], .prose img[alt="Pasted photo"]').count()).toBe(1)
    expect(await tab.locator('.prose img[alt="Dropped chart"], article img[alt="Dropped chart"]').count()).toBe(1)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('an item URL survives reload and back/forward; an unknown slug says not found', async () => {
    const { context, page, problems } = await openScreen(site, '/admin/posts/new')
    const slug = await createDraft(page, unique('Addressed post'))
    await page.reload()
    await page.getByRole('heading', { name: /^Edit post: Addressed post/ }).waitFor()
    await page.locator('.editor-back').isHidden()
    const other = page.locator('ul.posts-list li:not([data-slug="' + slug + '"]) button.editor-item-select').first()
    await other.click()
    await page.waitForURL((url) => url.pathname !== `/admin/posts/${slug}`)
    await page.goBack()
    await page.waitForURL(`**/admin/posts/${slug}`)
    await page.getByRole('heading', { name: /^Edit post: Addressed post/ }).waitFor()
    await page.goForward()
    await page.waitForURL((url) => url.pathname !== `/admin/posts/${slug}`)
    await page.goto(`${site.server.url}/admin/posts/no-such-post`)
    await page.getByRole('heading', { name: 'Post not found' }).waitFor()
    await page.getByRole('link', { name: 'Back to all posts' }).click()
    await page.waitForURL('**/admin/posts')
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('leaving with unsaved changes asks first, and leaving without them does not', async () => {
    const { context, page } = await openScreen(site, '/admin/posts/new')
    const asked: string[] = []
    page.on('dialog', (dialog) => {
      asked.push(dialog.message())
      void dialog.dismiss()
    })
    await page.getByRole('link', { name: 'Dashboard' }).click()
    await page.waitForURL((url) => url.pathname === '/admin' || url.pathname === '/admin/')
    expect(asked).toEqual([])
    await page.getByRole('link', { name: 'Blog Posts' }).click()
    await page.getByRole('button', { name: 'New post' }).click()
    await field(page, 'title').fill('Not yet saved')
    await page.getByRole('link', { name: 'Dashboard' }).click()
    expect(asked).toEqual(['Discard unsaved changes?'])
    expect(new URL(page.url()).pathname).toBe('/admin/posts/new')
    expect(await field(page, 'title').inputValue()).toBe('Not yet saved')
    await context.close()
  })

  test('Tab indents inside a code fence and moves focus elsewhere', async () => {
    const { context, page } = await openScreen(site, '/admin/posts/new')
    const body = field(page, 'bodyMD')
    await body.fill('Text\n\n```ts\nconst a = 1\n')
    await body.press('End')
    await page.evaluate(() => {
      const box = document.querySelector<HTMLTextAreaElement>('#post-bodyMD')!
      box.setSelectionRange(box.value.length, box.value.length)
    })
    await body.press('Tab')
    expect(await body.inputValue()).toBe('Text\n\n```ts\nconst a = 1\n  ')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('post-bodyMD')
    await body.press('Escape')
    await body.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('post-bodyMD')
    await body.fill('Outside any code')
    await body.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.id)).not.toBe('post-bodyMD')
    await context.close()
  })

  test('demo links edited as rows are saved as the object the server expects, and come back as rows', async () => {
    const { context, page, problems } = await openScreen(site, '/admin/projects/new')
    const title = unique('Rows project')
    await page.locator('#project-title').fill(title)
    await page.locator('#project-summary').fill(SUMMARY)
    await page.locator('#project-bodyMD').fill(BODY)
    await page.getByRole('button', { name: 'Add demo link' }).click()
    await page.locator('#project-demoLinks-key-1').fill('video')
    await page.locator('#project-demoLinks-value-1').fill('https://example.com/v.mp4')
    await page.getByRole('button', { name: 'Add demo link' }).click()
    await page.locator('#project-demoLinks-key-2').fill('embedPath')
    await page.locator('#project-demoLinks-value-2').fill('/demo/dapp')
    await page.getByRole('button', { name: 'Add metric' }).click()
    await page.locator('#project-metrics-key-1').fill('users')
    await page.locator('#project-metrics-value-1').fill('1200')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByRole('heading', { name: `Edit project: ${title}` }).waitFor()
    const slug = slugify(title)
    const stored = (await site.server.request('GET', '/api/admin/projects', { cookie: site.cookie })).body as { items: { slug: string; demoLinks: unknown; metrics: unknown }[] }
    const saved = stored.items.find((p) => p.slug === slug)!
    expect(saved.demoLinks).toEqual({ video: 'https://example.com/v.mp4', embedPath: '/demo/dapp' })
    expect(saved.metrics).toEqual({ users: '1200' })
    await page.reload()
    await page.locator('.editor-details > summary').click()
    expect(await page.locator('#project-demoLinks-key-2').inputValue()).toBe('embedPath')
    expect(await page.locator('#project-demoLinks-value-1').inputValue()).toBe('https://example.com/v.mp4')
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('on a phone the list and the editor are separate views, with a way back', async () => {
    const { context, page, problems } = await openScreen(site, '/admin/posts')
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await page.locator('.editor-main').isVisible()).toBe(false)
    const first = page.locator('ul.posts-list button.editor-item-select').first()
    await first.click()
    await page.waitForURL(/\/admin\/posts\/.+/)
    const heading = page.locator('#post-form-heading')
    await heading.waitFor()
    expect(await page.locator('.editor-sidebar').isVisible()).toBe(false)
    const box = await heading.boundingBox()
    expect(box && box.y >= 0 && box.y < 844).toBe(true)
    await page.getByRole('link', { name: 'All posts' }).click()
    await page.waitForURL('**/admin/posts')
    expect(await page.locator('.editor-sidebar').isVisible()).toBe(true)
    expect(problems.errors).toEqual([])
    await context.close()
  })
})
