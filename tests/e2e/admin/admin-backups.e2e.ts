// /admin/backups in Chromium against a real server: reached from the nav, Back up now adds a row
// whose Download link fetches the archive, axe finds nothing serious, a phone scrolls only the table.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { BackupList } from '#src/contract/backup'
import { unexpected } from '#tests/support/browser/admin-e2e'
import { openSignedIn, type AdminSite } from '#tests/support/browser/admin-session'
import { axeViolations, launchBrowser } from '#tests/support/browser/browser'
import { startTestServer } from '#tests/support/server/server'

const site = {} as AdminSite
beforeAll(async () => {
  ;[site.server, site.browser] = await Promise.all([startTestServer(), launchBrowser()])
  site.cookie = await site.server.login()
})
afterAll(async () => {
  await site.browser?.close()
  await site.server?.close()
})

const backups = async () => (await site.server.get<BackupList>('/api/admin/backups', { cookie: site.cookie })).body.items

describe('admin backups', () => {
  test('Back up now from the Backups screen lists the new backup with a working Download link', async () => {
    const { context, page, problems } = await openSignedIn(site, '/admin')
    await page.locator('nav[aria-label="Admin"]').getByRole('link', { name: 'Backups' }).click()
    await page.getByRole('heading', { level: 1, name: 'Backups' }).waitFor()
    const before = (await backups()).length
    // A fresh server has none; a retried test finds the first attempt's.
    if (before === 0) await page.getByText('No backups yet.').waitFor()
    expect(await page.locator('.backups-schedule').innerText()).toStartWith('Every 24 hours, keeping the newest 7.')

    await page.getByRole('button', { name: 'Back up now' }).click()
    // The toast hides after 5 s: wait for it first, then for the refetched list.
    await page.locator('.toast', { hasText: /^Backup written: folio-.*-manual\.tar\.gz$/ }).waitFor()
    const row = page.locator('table.backups-table tbody tr')
    const [made] = await backups()
    await row.filter({ hasText: made!.name }).waitFor()
    expect(await page.locator('.toast').innerText()).toBe(`Backup written: ${made!.name}`)
    expect(await row.count()).toBe(before + 1)
    expect((await row.first().locator('td').allInnerTexts()).slice(0, 2)).toEqual([made!.name, 'Manual'])

    const [download] = await Promise.all([page.waitForEvent('download'), row.first().getByRole('link', { name: /^Download the manual backup of / }).click()])
    expect(download.suggestedFilename()).toBe(made!.name)
    expect(Bun.file((await download.path())!).size).toBe(made!.size)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('the Backups screen has no serious or critical axe violations', async () => {
    expect((await site.server.request('POST', '/api/admin/backups', { cookie: site.cookie })).status).toBe(201)
    const { context, page, problems } = await openSignedIn(site, '/admin/backups')
    await page.locator('table.backups-table').waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(unexpected(problems)).toEqual([])
    await context.close()
  })

  test('on a phone the table scrolls inside its box and the page does not scroll sideways', async () => {
    expect((await site.server.request('POST', '/api/admin/backups', { cookie: site.cookie })).status).toBe(201)
    const { context, page } = await openSignedIn(site, '/admin/backups', { viewport: { width: 390, height: 800 } })
    await page.locator('table.backups-table').waitFor()
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: document.documentElement.clientWidth, box: document.querySelector('.table-scroll')!.scrollWidth }))
    expect(widths.page).toBeLessThanOrEqual(widths.view)
    expect(widths.box).toBeGreaterThan(widths.view)
    await context.close()
  })
})
