// The owner's settings in Chromium (issue 19): the settings screen filled as an owner would (name,
// headline, about, links, an intro, the accent, a photo cropped in the page) and saved, then the
// public pages showing them on their next load; the dashboard's "Remove sample content" keeping
// the owner's own post. axe on the settings screen and the dashboard's notice.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import { themeAccent } from '#src/contract/owner/accent'
import { unexpected } from '#tests/support/browser/admin-e2e'
import { openSignedIn, type AdminSite } from '#tests/support/browser/admin-session'
import { axeViolations, launchBrowser, visit } from '#tests/support/browser/browser'
import { postInput } from '#tests/support/data/factories'
import { startTestServer } from '#tests/support/server/server'

const site = {} as AdminSite
beforeAll(async () => {
  ;[site.server, site.browser] = await Promise.all([startTestServer({ env: { SEED: 'demo' } }), launchBrowser()])
  site.cookie = await site.server.login()
})
afterAll(async () => {
  await site.browser?.close()
  await site.server?.close()
})

const OWNER = {
  name: 'Ada Lovelace',
  headline: 'Engines that weave algebra.',
  about: 'I wrote the **first** program for an engine.',
  github: 'https://github.com/ada-lovelace',
  mastodon: 'https://fosstodon.org/@ada',
  blogIntro: 'Notes on engines, looms and numbers.',
  accent: '#e0529c',
}

/** A 600×300 PNG drawn by the page: wide, so the square crop has something to cut. */
const widePng = async (page: Page) =>
  Buffer.from(
    await page.evaluate(async () => {
      const canvas = new OffscreenCanvas(600, 300)
      const g = canvas.getContext('2d')!
      g.fillStyle = '#3a7bd5'
      g.fillRect(0, 0, 600, 300)
      g.fillStyle = '#ffffff'
      g.fillRect(250, 100, 100, 100)
      return [...new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer())]
    }),
  )

describe('owner settings', () => {
  test('settings filled and saved show on the next load of every public page', async () => {
    const { context, page, problems } = await openSignedIn(site, '/admin/settings')
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await page.locator('form.settings-form').waitFor()
    expect(await axeViolations(page)).toEqual([])

    await page.getByLabel('Site name').fill(OWNER.name)
    await page.getByLabel('Headline').fill(OWNER.headline)
    await page.getByLabel('About you').fill(OWNER.about)
    await page.getByLabel('GitHub').fill(OWNER.github)
    await page.getByLabel('Mastodon').fill(OWNER.mastodon)
    await page.getByLabel('Blog page').fill(OWNER.blogIntro)
    await page.getByLabel('Accent colour', { exact: true }).fill(OWNER.accent)
    // Each theme's line names the colour that theme will really use.
    const preview = await page.locator('.settings-accent-preview').innerText()
    for (const theme of ['dark', 'light'] as const) expect(preview).toContain(themeAccent(OWNER.accent, theme).accent)

    // The photo: picked, placed by the crop step, uploaded as a 400×400 square.
    await page.locator('.settings-photo input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await widePng(page) })
    await page.getByLabel('Crop position, left to right').waitFor()
    await page.getByRole('button', { name: 'Use this photo' }).click()
    const avatar = page.locator('img.settings-avatar')
    await avatar.waitFor()
    expect(await avatar.getAttribute('src')).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.(webp|png)$/)
    expect(await axeViolations(page)).toEqual([])

    // Only what changed is sent.
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/admin/settings'))
    await page.getByRole('button', { name: 'Save settings' }).click()
    const sent = (await put).postDataJSON()
    expect(Object.keys(sent).sort()).toEqual(['about', 'accent', 'avatar', 'heroTitle', 'intros', 'links', 'siteName'])
    expect(sent.links).toEqual({ github: OWNER.github, mastodon: OWNER.mastodon })
    expect(sent.intros).toEqual({ blog: OWNER.blogIntro })
    await page.locator('.toast', { hasText: 'Settings saved.' }).waitFor()
    expect(await page.locator('.settings-state').innerText()).toBe('')

    const pub = await context.newPage()
    await visit(pub, site.server.url + '/')
    const photo = await pub.locator('img.hero-photo').evaluate((img: HTMLImageElement) => img.decode().then(() => [img.naturalWidth, img.naturalHeight, img.alt]))
    expect(photo).toEqual([400, 400, OWNER.name])
    expect(await pub.locator('#hero-title').innerText()).toBe(OWNER.headline)
    expect(await pub.locator('.hero .hero-name').innerText()).toBe(OWNER.name)
    expect(await pub.locator('.about .prose').innerHTML()).toContain('<strong>first</strong>')
    const style = (await pub.locator('html').getAttribute('style')) ?? ''
    expect(style).toContain(`--accent-dark:${themeAccent(OWNER.accent, 'dark').accent}`)
    expect(style).toContain(`--accent-light:${themeAccent(OWNER.accent, 'light').accent}`)

    for (const path of ['/', '/blog', '/skills']) {
      await visit(pub, site.server.url + path)
      expect(await pub.title()).toContain(OWNER.name)
      expect(await pub.locator('.site-footer').innerText()).toContain(OWNER.name)
      for (const href of [OWNER.github, OWNER.mastodon]) expect(await pub.locator(`a[rel~="me"][href="${href}"]`).count()).toBeGreaterThan(0)
    }
    await visit(pub, site.server.url + '/blog')
    expect(await pub.locator('main').innerText()).toContain(OWNER.blogIntro)
    expect(unexpected(problems)).toEqual([])
    await context.close()
  })

  test('Ctrl+S saves only the field that changed; a bad link is shown beside its field and nothing is sent', async () => {
    const { context, page, problems } = await openSignedIn(site, '/admin/settings')
    await page.locator('form.settings-form').waitFor()
    let puts = 0
    page.on('request', (r) => r.method() === 'PUT' && puts++)

    await page.getByLabel('Website').fill('javascript:alert(1)')
    await page.keyboard.press('Control+s')
    const website = page.getByLabel('Website')
    await page.waitForFunction(() => document.activeElement?.id === 'settings-links-website')
    expect(await website.getAttribute('aria-invalid')).toBe('true')
    expect(await page.locator('#settings-links-website-error').innerText()).toBe('Website must be a full web address starting with https://.')
    expect(await website.getAttribute('aria-describedby')).toContain('settings-links-website-error')
    expect(puts).toBe(0)

    await website.fill('')
    await page.getByLabel('Tagline').fill('Engines and looms.')
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith('/api/admin/settings'))
    await page.keyboard.press('Control+s')
    expect((await put).postDataJSON()).toEqual({ tagline: 'Engines and looms.' })
    await page.locator('.toast', { hasText: 'Settings saved.' }).waitFor()
    expect((await site.server.get('/api/admin/settings', { cookie: site.cookie })).body.tagline).toBe('Engines and looms.')
    expect(unexpected(problems)).toEqual([])
    await context.close()
  })

  test('Remove sample content on the dashboard keeps the owner\'s post and removes the sample ones', async () => {
    const own = await site.server.request('POST', '/api/admin/posts', { cookie: site.cookie, body: postInput({ slug: 'my-own-post', title: 'My own post', status: 'published' }) })
    expect(own.status).toBe(201)
    const samplePosts = ((await site.server.get('/api/posts?limit=100')).body.items as { slug: string; title: string }[]).filter((p) => p.slug !== 'my-own-post')
    expect(samplePosts.length).toBeGreaterThan(0)
    const sample = samplePosts[0]!
    const left = (await site.server.get('/api/admin/sample-content', { cookie: site.cookie })).body.items as number

    const { context, page, problems } = await openSignedIn(site, '/admin')
    const notice = page.locator('.sample-notice')
    await notice.getByRole('heading', { name: 'This site still has sample content' }).waitFor()
    expect(await notice.innerText()).toContain(`${left} sample items (posts, projects, skills) from the demo seed.`)
    expect(await axeViolations(page)).toEqual([])

    // Dismissed, nothing happens; accepted, the sample goes.
    const asked: string[] = []
    page.once('dialog', (d) => (asked.push(d.message()), d.dismiss()))
    await notice.getByRole('button', { name: 'Remove sample content' }).click()
    await page.waitForTimeout(200)
    expect((await site.server.get('/api/admin/sample-content', { cookie: site.cookie })).body.items).toBe(left)
    page.once('dialog', (d) => (asked.push(d.message()), d.accept()))
    await notice.getByRole('button', { name: 'Remove sample content' }).click()
    await page.locator('.toast', { hasText: `Removed ${left} sample items.` }).waitFor()
    await notice.waitFor({ state: 'detached' })
    expect(asked).toHaveLength(2)
    expect(asked[0]).toStartWith(`Remove ${left} sample items`)

    const pub = await context.newPage()
    await visit(pub, site.server.url + '/blog')
    expect(await pub.locator('main a[href="/blog/my-own-post"]').count()).toBeGreaterThan(0)
    expect(await pub.locator(`main a[href="/blog/${sample.slug}"]`).count()).toBe(0)
    expect(await pub.locator('main').innerText()).not.toContain(sample.title)
    expect((await site.server.get(`/blog/${sample.slug}`, { headers: { accept: 'text/html' } })).status).toBe(404)
    expect(unexpected(problems)).toEqual([])
    await context.close()
  })
})
