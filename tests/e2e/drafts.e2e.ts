// Drafts in Chromium against a real server (issue 6): a post saved as Draft stays off the public
// blog, its preview link shows it privately, and publishing it puts it on the blog.
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { slugify } from '#src/contract/text'
import { openScreen, unique, useAdminSite } from '#tests/support/browser/admin-e2e'
import { axeViolations, newPage } from '#tests/support/browser/browser'

const site = useAdminSite()
const SUMMARY = 'A summary of more than ten characters.'
const BODY = '## First part\n\nA body long enough for the schema, with a heading.'

const field = (page: Page, name: string) => page.locator(`#post-${name}`)
const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click()
/** Issue 20: the publication fields and the preview link sit in "Details", closed for a saved post. */
const openDetails = (page: Page) => page.locator('.editor-details > summary').click()
const blogLists = async (title: string) => (await site.server.get('/blog')).text.includes(title)

describe('a draft post', () => {
  test('stays off the blog, opens privately through a preview link, and goes public when published', async () => {
    const { context, page, problems } = await openScreen(site, '/admin/posts')
    const title = unique('Draft post')
    const slug = slugify(title)
    await field(page, 'title').fill(title)
    await field(page, 'summary').fill(SUMMARY)
    await field(page, 'bodyMD').fill(BODY)
    await field(page, 'status').selectOption({ label: 'Draft' })
    expect(await field(page, 'publishAt').count()).toBe(0)
    await save(page)
    await page.getByRole('heading', { name: `Edit post: ${title}` }).waitFor()
    await page.locator('.toasts').getByText('Post created.').waitFor()

    expect(await page.locator(`ul.posts-list li[data-slug="${slug}"] .editor-item-publication`).innerText()).toBe('Draft')
    expect(await blogLists(title)).toBe(false)
    expect((await site.server.get(`/blog/${slug}`)).status).toBe(404)

    await openDetails(page)
    await page.getByRole('button', { name: 'Create preview link' }).click()
    const link = await field(page, 'preview-link').inputValue()
    expect(await page.locator('#post-preview-link-expiry').innerText()).toMatch(/^Works until \d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC$/)
    expect(await axeViolations(page)).toEqual([])

    // The link names the configured SITE_URL (here localhost:0); its path opens on this server.
    const preview = await newPage(site.browser)
    const response = await preview.page.goto(site.server.url + new URL(link).pathname)
    expect(response?.status()).toBe(200)
    expect(await preview.page.locator('.preview-banner').innerText()).toContain('Private preview: this page is not public.')
    await preview.page.getByRole('heading', { level: 1, name: title }).waitFor()
    expect(await axeViolations(preview.page)).toEqual([])
    expect(preview.problems.errors).toEqual([])
    await preview.context.close()

    await field(page, 'status').selectOption({ label: 'Published' })
    await save(page)
    await page.locator('.toasts').getByText('Post saved.').waitFor()
    expect(await page.locator(`ul.posts-list li[data-slug="${slug}"] .editor-item-publication`).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Create preview link' }).count()).toBe(0)
    expect(await blogLists(title)).toBe(true)
    expect((await site.server.get(`/blog/${slug}`)).status).toBe(200)
    expect(problems.errors).toEqual([])
    await context.close()
  })
})
