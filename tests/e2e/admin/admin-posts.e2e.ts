// /admin/posts in Chromium against a real server: reading minutes, the live preview, edit, delete, axe.
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { slugify } from '#src/contract/text'
import { openScreen, unique, useAdminSite } from '#tests/support/browser/admin-e2e'
import { axeViolations } from '#tests/support/browser/browser'

const site = useAdminSite()
const SUMMARY = 'A summary of more than ten characters.'
/** 600 words: the server's estimate is 3 minutes (200 words a minute). */
const LONG_BODY = Array.from({ length: 600 }, (_, i) => `word${i}`).join(' ')
const CODE_BODY = 'Some **bold** text before the code.\n\n```ts\nconst answer: number = 42\nexport default answer\n```\n'

const field = (page: Page, name: string) => page.locator(`#post-${name}`)
const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click()
const publicPost = async (slug: string) => (await site.server.get(`/api/posts/${slug}`)).body
/** Issue 20: slug, summary, tags, dates and status sit in a "Details" section, closed for an existing post. */
const openDetails = (page: Page) => page.locator('.editor-details > summary').click()

async function fillForm(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await field(page, name).fill(value)
}

/** Creates a post through the API, for tests about what happens to an existing one. */
async function createPost(title: string) {
  const res = await site.server.request('POST', '/api/admin/posts', { cookie: site.cookie, body: { title, summary: SUMMARY, bodyMD: LONG_BODY, tags: ['Rust'] } })
  expect(res.status).toBe(201)
  return res.body as { slug: string; createdAt: string }
}

async function createThroughForm(page: Page, values: Record<string, string>) {
  await fillForm(page, { summary: SUMMARY, bodyMD: LONG_BODY, ...values })
  // Issue 20: a new post starts as a draft; these tests read the public post.
  await field(page, 'status').selectOption('published')
  await save(page)
  await page.getByRole('heading', { name: `Edit post: ${values.title}` }).waitFor()
  return slugify(values.title!)
}

describe('the post form', () => {
  test('a post saved with reading minutes empty gets them computed from the body', async () => {
    const { context, page, problems } = await openScreen(site, '/admin/posts')
    await field(page, 'bodyMD').fill(LONG_BODY)
    expect(await page.locator('#post-readingMinutes-help').innerText()).toContain('now about 3 min')
    const slug = await createThroughForm(page, { title: unique('Computed minutes') })
    await page.locator('.toasts').getByText('Post created.').waitFor()
    expect((await publicPost(slug)).readingMinutes).toBe(3)
    // A computed value is not pinned: the field stays empty and keeps following the body.
    expect(await field(page, 'readingMinutes').inputValue()).toBe('')
    expect(await page.locator(`ul.posts-list li[data-slug="${slug}"] [aria-current="true"]`).count()).toBe(1)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('reading minutes below 1 become 1 in the field, and 0 is saved as 1', async () => {
    const { context, page, problems } = await openScreen(site, '/admin/posts')
    await field(page, 'readingMinutes').fill('-3')
    await field(page, 'readingMinutes').press('Tab')
    expect(await field(page, 'readingMinutes').inputValue()).toBe('1')
    const title = unique('One minute')
    await fillForm(page, { title, summary: SUMMARY, bodyMD: LONG_BODY, readingMinutes: '0' })
    // Issue 20: a new post starts as a draft; this test reads the public post.
    await field(page, 'status').selectOption('published')
    // Enter in the field submits without leaving it: the saved value is still 1.
    await field(page, 'readingMinutes').press('Enter')
    await page.getByRole('heading', { name: `Edit post: ${title}` }).waitFor()
    expect((await publicPost(slugify(title))).readingMinutes).toBe(1)
    // 1 is not the body's estimate (3), so the form shows it as set by hand.
    expect(await field(page, 'readingMinutes').inputValue()).toBe('1')
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('the live preview renders markdown with a highlighted ts code block', async () => {
    const { context, page, problems } = await openScreen(site, '/admin/posts')
    const preview = page.locator('.editor-preview')
    expect(await preview.innerText()).toContain('Nothing to preview yet.')
    await field(page, 'bodyMD').fill(CODE_BODY)
    await preview.locator('pre.shiki').waitFor()
    expect(await preview.locator('strong').innerText()).toBe('bold')
    expect(await preview.locator('pre.shiki').innerText()).toContain('const answer: number = 42')
    // Highlighted: the code is split into tokens the theme paints in different colours.
    const colours = await preview.locator('pre.shiki code span span').evaluateAll((spans) => new Set(spans.map((s) => getComputedStyle(s).color)).size)
    expect(colours).toBeGreaterThan(1)
    await field(page, 'bodyMD').fill('# Changed heading for the preview')
    await preview.getByRole('heading', { name: 'Changed heading for the preview' }).waitFor()
    expect(await preview.locator('pre.shiki').count()).toBe(0)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('editing a post saves it in place; the public post shows the change and keeps its date', async () => {
    const title = unique('Editable')
    const created = await createPost(title)
    const { context, page, problems } = await openScreen(site, '/admin/posts')
    await page.locator(`ul.posts-list li[data-slug="${created.slug}"] .editor-item-select`).click()
    await page.waitForURL(`**/admin/posts/${created.slug}`)
    await page.getByRole('heading', { name: `Edit post: ${title}` }).waitFor()
    expect(await field(page, 'tags').inputValue()).toBe('Rust')
    await openDetails(page)
    const edited = `${title} (edited)`
    await fillForm(page, { title: edited, tags: 'Rust, Bun', bodyMD: CODE_BODY })
    await save(page)
    await page.getByRole('heading', { name: `Edit post: ${edited}` }).waitFor()
    await page.locator('.toasts').getByText('Post saved.').waitFor()
    const post = await publicPost(created.slug)
    expect(post).toMatchObject({ title: edited, slug: created.slug, tags: ['Rust', 'Bun'], bodyMD: CODE_BODY.trim(), createdAt: created.createdAt })
    expect(post.bodyHtml).toContain('class="shiki')
    expect(await page.locator(`ul.posts-list li[data-slug="${created.slug}"] .editor-item-title`).innerText()).toBe(edited)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('Delete asks first, then removes the post from the list and the public site', async () => {
    const title = unique('Short lived')
    const { slug } = await createPost(title)
    const { context, page, problems } = await openScreen(site, '/admin/posts')
    await page.locator(`ul.posts-list li[data-slug="${slug}"] .editor-item-select`).click()
    await page.waitForURL(`**/admin/posts/${slug}`)
    await page.getByRole('heading', { name: `Edit post: ${title}` }).waitFor()
    const asked: string[] = []
    page.once('dialog', (d) => (asked.push(d.message()), d.accept()))
    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await page.locator('.toasts').getByText('Post deleted.').waitFor()
    expect(asked).toEqual(['Delete this post permanently?'])
    await page.getByRole('heading', { name: 'New post' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/admin/posts')
    expect(await page.locator(`ul.posts-list li[data-slug="${slug}"]`).count()).toBe(0)
    expect((await site.server.get(`/api/posts/${slug}`)).status).toBe(404)
    expect(problems.errors).toEqual([])
    await context.close()
  })
})

describe('accessibility', () => {
  test('the posts screen with a rendered preview has no serious or critical axe violations', async () => {
    const { context, page, problems } = await openScreen(site, '/admin/posts')
    await field(page, 'bodyMD').fill(CODE_BODY)
    await page.locator('.editor-preview pre.shiki').waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(problems.errors).toEqual([])
    await context.close()
  })
})
