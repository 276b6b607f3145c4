// /admin/skills in Chromium against a real server: the Lexicon table (add, the Save rule, save,
// reset, delete, reorder), the Overrides form and list, the public preview, and axe on both tabs.
import { describe, expect, test } from 'bun:test'
import type { Page } from 'playwright-core'
import type { LexiconItem, Skill, SkillOverride } from '#src/contract/skill'
import { countRequests, eventually, focused, openScreen, unexpected, unique, useAdminSite } from '#tests/support/browser/admin-e2e'
import { axeViolations } from '#tests/support/browser/browser'

const site = useAdminSite()
const OVERRIDES = '/admin/skills?tab=overrides'

const lexicon = async () => (await site.server.get('/api/admin/skills/lexicon', { cookie: site.cookie })).body.items as LexiconItem[]
const overrides = async () => (await site.server.get('/api/admin/skills/overrides', { cookie: site.cookie })).body.items as SkillOverride[]
const publicSkills = async () => (await site.server.get('/api/skills')).body.skills as Skill[]
const publicSkill = async (name: string) => (await publicSkills()).find((s) => s.name === name)
const idOf = async (name: string) => (await lexicon()).find((i) => i.name === name)!._id

const rowIds = (page: Page) => page.locator('table.lexicon-table tbody tr').evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.id ?? ''))
const cell = (page: Page, id: string, field: string) => page.locator(`[id="lexicon-${id}-${field}"]`)
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

/** The public preview as shown: name to bucket and level. */
const preview = (page: Page) =>
  page.locator('.skills-preview-item').evaluateAll((items) =>
    Object.fromEntries(
      items.map((li) => [
        li.querySelector('.skills-preview-name')?.textContent ?? '',
        { bucket: li.querySelector('.skills-preview-bucket')?.textContent ?? '', level: Number(li.querySelector('[role="meter"]')?.getAttribute('aria-valuenow')) },
      ]),
    ) as Record<string, { bucket: string; level: number } | undefined>,
  )

async function createItem(name: string, patterns: string[] = []) {
  const res = await site.server.request('POST', '/api/admin/skills/lexicon', { cookie: site.cookie, body: { name, bucket: 'Languages', patterns } })
  expect(res.status).toBe(201)
  return res.body.item as LexiconItem
}

describe('the Lexicon tab', () => {
  test("Add skill opens an unsaved 'New Skill' row in 'General'; Save puts it after the last one, and the preview lists it", async () => {
    const { context, page, problems } = await openScreen(site, '/admin/skills')
    await page.locator('.skills-preview-item').first().waitFor()
    const before = await rowIds(page)
    const top = Math.max(...(await lexicon()).map((i) => i.order))
    await button(page, 'Add skill').click()
    expect(await cell(page, 'unsaved', 'name').inputValue()).toBe('New Skill')
    expect(await cell(page, 'unsaved', 'bucket').inputValue()).toBe('General')
    expect(await cell(page, 'unsaved', 'enabled').isChecked()).toBe(true)
    expect(await focused(page, '[id="lexicon-unsaved-name"]')).toBe(true)
    expect((await lexicon()).map((i) => i._id)).toEqual(before)
    await button(page, 'Save the new skill').click()
    await page.waitForFunction((n) => document.querySelectorAll('table.lexicon-table tbody tr:not([data-id="unsaved"])').length === n, before.length + 1)
    const id = (await rowIds(page)).at(-1)!
    expect(await focused(page, `[id="lexicon-${id}-name"]`)).toBe(true)
    expect((await lexicon()).find((i) => i._id === id)).toEqual({ _id: id, name: 'New Skill', bucket: 'General', patterns: [], tagHints: [], enabled: true, order: top + 10 })
    expect((await eventually(() => preview(page), (p) => p['New Skill'] !== undefined))['New Skill']?.bucket).toBe('General')
    expect(problems.errors).toEqual([])
    await context.close()
    await site.server.request('DELETE', `/api/admin/skills/lexicon/${id}`, { cookie: site.cookie })
  })

  test("Save is enabled only for a changed, valid row; a 1-character name says 'Min 2 characters'", async () => {
    const name = unique('Zig')
    const { _id: id } = await createItem(name, ['zig', 'ziglang'])
    const { context, page, problems } = await openScreen(site, '/admin/skills')
    const saveButton = button(page, `Save ${name}`)
    expect(await saveButton.isDisabled()).toBe(true)
    await cell(page, id, 'name').fill('Z')
    expect(await page.locator(`[id="lexicon-${id}-name-error"]`).innerText()).toBe('Min 2 characters')
    expect(await cell(page, id, 'name').getAttribute('aria-invalid')).toBe('true')
    expect(await saveButton.isDisabled()).toBe(true)
    await cell(page, id, 'name').fill(name)
    expect(await page.locator(`[id="lexicon-${id}-name-error"]`).count()).toBe(0)
    expect(await saveButton.isDisabled()).toBe(true)
    // Other spacing around the commas is no change either.
    await cell(page, id, 'patterns').fill('zig ,   ziglang')
    expect(await saveButton.isDisabled()).toBe(true)
    await cell(page, id, 'patterns').fill('zig, ziglang, zigc')
    expect(await saveButton.isEnabled()).toBe(true)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('saving a changed row updates the public skills and the preview', async () => {
    const id = await idOf('Bun')
    const { context, page, problems } = await openScreen(site, '/admin/skills')
    await page.locator('.skills-preview-item').first().waitFor()
    expect((await preview(page)).Bun?.bucket).toBe('Backend')
    await cell(page, id, 'bucket').fill('Runtimes')
    await cell(page, id, 'tagHints').fill('Bun, bunx')
    await button(page, 'Save Bun').click()
    await page.locator('.toasts').getByText('Saved Bun.').waitFor()
    expect(await button(page, 'Save Bun').isDisabled()).toBe(true)
    expect((await lexicon()).find((i) => i._id === id)).toMatchObject({ bucket: 'Runtimes', tagHints: ['Bun', 'bunx'] })
    expect((await publicSkill('Bun'))?.bucket).toBe('Runtimes')
    expect((await eventually(() => preview(page), (p) => p.Bun?.bucket === 'Runtimes')).Bun?.bucket).toBe('Runtimes')
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('Reset brings back the saved values; until then the edits survive a reload', async () => {
    const id = await idOf('Node')
    const { context, page, problems } = await openScreen(site, '/admin/skills')
    expect(await button(page, 'Reset Node').isDisabled()).toBe(true)
    await cell(page, id, 'name').fill('Node.js')
    await cell(page, id, 'enabled').uncheck()
    await page.reload()
    await cell(page, id, 'name').waitFor()
    expect(await cell(page, id, 'name').inputValue()).toBe('Node.js')
    expect(await cell(page, id, 'enabled').isChecked()).toBe(false)
    await button(page, 'Reset Node').click()
    expect(await cell(page, id, 'name').inputValue()).toBe('Node')
    expect(await cell(page, id, 'enabled').isChecked()).toBe(true)
    expect(await button(page, 'Reset Node').isDisabled()).toBe(true)
    expect(await button(page, 'Save Node').isDisabled()).toBe(true)
    expect((await lexicon()).find((i) => i._id === id)).toMatchObject({ name: 'Node', enabled: true })
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('Delete asks first, then removes the row and the public skill', async () => {
    const name = unique('Odin')
    const { _id: id } = await createItem(name)
    expect(await publicSkill(name)).toBeDefined()
    const { context, page, problems } = await openScreen(site, '/admin/skills')
    const asked: string[] = []
    page.once('dialog', (d) => (asked.push(d.message()), d.accept()))
    await button(page, `Delete ${name}`).click()
    await page.locator('.toasts').getByText(`Deleted ${name}.`).waitFor()
    expect(asked).toEqual([`Delete "${name}" from the lexicon?`])
    expect(await page.locator(`tr[data-id="${id}"]`).count()).toBe(0)
    expect((await lexicon()).some((i) => i._id === id)).toBe(false)
    expect(await publicSkill(name)).toBeUndefined()
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('a keyboard reorder with the Move buttons is saved and survives a reload', async () => {
    const { context, page, problems } = await openScreen(site, '/admin/skills')
    const before = await rowIds(page)
    const name = await cell(page, before[1]!, 'name').inputValue()
    await button(page, `Move ${name} up`).focus()
    await page.keyboard.press('Enter')
    await page.locator('.toasts').getByText('Order updated.').waitFor()
    const expected = [before[1]!, before[0]!, ...before.slice(2)]
    expect(await rowIds(page)).toEqual(expected)
    // At the top Move up is disabled, so focus stays on the row's other Move button.
    expect(await focused(page, `[aria-label="Move ${name} down"]`)).toBe(true)
    expect((await lexicon()).map((i) => i._id)).toEqual(expected)
    expect((await publicSkills())[0]?.name).toBe(name)
    await page.reload()
    await page.locator('table.lexicon-table tbody tr').first().waitFor()
    expect(await rowIds(page)).toEqual(expected)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('dragging a row by its handle onto another reorders the lexicon', async () => {
    const { context, page, problems } = await openScreen(site, '/admin/skills')
    const before = await rowIds(page)
    const [a, b, c] = before as [string, string, string]
    await page.dragAndDrop(`tr[data-id="${a}"] .lexicon-drag-handle`, `tr[data-id="${c}"]`)
    await page.locator('.toasts').getByText('Order updated.').waitFor()
    const expected = [b, c, a, ...before.slice(3)]
    expect(await rowIds(page)).toEqual(expected)
    expect((await lexicon()).map((i) => i._id)).toEqual(expected)
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test("a failed reorder says 'Failed to reorder skills' and reloads the server's order", async () => {
    const { context, page, problems } = await openScreen(site, '/admin/skills')
    const before = await rowIds(page)
    await page.route('**/api/admin/skills/lexicon/reorder', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ ok: false, error: 'Internal error' }) }),
    )
    const name = await cell(page, before[0]!, 'name').inputValue()
    await button(page, `Move ${name} down`).click()
    const alert = page.locator('.lexicon-panel > [role="alert"]')
    await alert.waitFor()
    expect(await alert.innerText()).toBe('Failed to reorder skills')
    await page.waitForFunction((want) => [...document.querySelectorAll('table.lexicon-table tbody tr')].map((tr) => tr.getAttribute('data-id')).join() === want.join(), before)
    expect((await lexicon()).map((i) => i._id)).toEqual(before)
    expect(unexpected(problems, 500)).toEqual([])
    await context.close()
  })
})

const overrideForm = (page: Page) => page.locator('form.override-form')
const overrideField = (page: Page, label: string) => overrideForm(page).getByLabel(label, { exact: true })
const saveOverride = (page: Page) => overrideForm(page).getByRole('button', { name: 'Save', exact: true }).click()
const savedOverride = (page: Page, name: string) => page.locator(`li.override-item[data-name="${name}"]`)
const overrideOf = async (name: string) => (await overrides()).find((o) => o.name === name)

describe('the Overrides tab', () => {
  test("a skill name under 2 characters says 'Enter a skill name (min 2 chars).' and sends nothing", async () => {
    const { context, page, problems } = await openScreen(site, OVERRIDES)
    const puts = countRequests(page, 'PUT', '/api/admin/skills/overrides/R')
    await overrideField(page, 'Skill name').fill('R')
    await overrideField(page, 'Level').fill('50')
    await saveOverride(page)
    expect(await overrideForm(page).locator('.field-error').innerText()).toBe('Enter a skill name (min 2 chars).')
    expect(await overrideField(page, 'Skill name').getAttribute('aria-invalid')).toBe('true')
    expect(await focused(page, 'form.override-form input[type="text"]')).toBe(true)
    expect(puts.count).toBe(0)
    expect(await overrideOf('R')).toBeUndefined()
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('a level of 250 shows as 100 and is saved as 100, in the list, the API and the preview', async () => {
    const { context, page, problems } = await openScreen(site, OVERRIDES)
    await overrideField(page, 'Skill name').fill('Python')
    await overrideField(page, 'Level').fill('250')
    expect(await overrideField(page, 'Level').inputValue()).toBe('100')
    await saveOverride(page)
    await page.locator('.toasts').getByText('Saved the override for Python.').waitFor()
    expect(await savedOverride(page, 'Python').innerText()).toContain('level 100')
    expect(await overrideOf('Python')).toEqual({ name: 'Python', levelOverride: 100, bucketOverride: null, hide: false })
    expect((await publicSkill('Python'))?.level).toBe(100)
    expect((await eventually(() => preview(page), (p) => p.Python?.level === 100)).Python?.level).toBe(100)
    // A saved form starts empty again.
    expect(await overrideField(page, 'Skill name').inputValue()).toBe('')
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('an emptied bucket is saved as null and the computed bucket comes back', async () => {
    expect((await overrideOf('Verilog'))?.bucketOverride).toBe('Languages')
    const { context, page, problems } = await openScreen(site, OVERRIDES)
    await button(page, 'Edit the override for Verilog').click()
    expect(await overrideField(page, 'Skill name').inputValue()).toBe('Verilog')
    expect(await overrideField(page, 'Category').inputValue()).toBe('Languages')
    await overrideField(page, 'Category').fill('   ')
    await saveOverride(page)
    await page.locator('.toasts').getByText('Saved the override for Verilog.').waitFor()
    expect((await overrideOf('Verilog'))?.bucketOverride).toBeNull()
    // The list refetches after the save: wait for it rather than read it at once.
    await savedOverride(page, 'Verilog').filter({ hasText: 'computed bucket' }).waitFor()
    expect((await publicSkill('Verilog'))?.bucket).toBe('Hardware')
    expect((await eventually(() => preview(page), (p) => p.Verilog?.bucket === 'Hardware')).Verilog?.bucket).toBe('Hardware')
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('hiding a skill removes it from the public skills and from the preview', async () => {
    const { context, page, problems } = await openScreen(site, OVERRIDES)
    await page.locator('.skills-preview-item').first().waitFor()
    expect((await preview(page)).Docker).toBeDefined()
    await overrideField(page, 'Skill name').fill('docker')
    await overrideForm(page).getByLabel('Hide this skill on the public site').check()
    await saveOverride(page)
    // Case does not matter: the lowercase name hides the lexicon's 'Docker'.
    await savedOverride(page, 'docker').waitFor()
    expect(await savedOverride(page, 'docker').innerText()).toContain('hidden')
    expect(await overrideOf('docker')).toEqual({ name: 'docker', levelOverride: null, bucketOverride: null, hide: true })
    expect(await publicSkill('Docker')).toBeUndefined()
    expect((await eventually(() => preview(page), (p) => p.Docker === undefined)).Docker).toBeUndefined()
    expect(problems.errors).toEqual([])
    await context.close()
  })

  test('deleting an override removes it and the computed level comes back', async () => {
    expect((await publicSkill('CUDA'))?.level).toBe(90)
    const { context, page, problems } = await openScreen(site, OVERRIDES)
    await button(page, 'Delete the override for CUDA').click()
    await page.locator('.toasts').getByText('Deleted the override for CUDA.').waitFor()
    expect(await savedOverride(page, 'CUDA').count()).toBe(0)
    expect(await overrideOf('CUDA')).toBeUndefined()
    expect((await publicSkill('CUDA'))?.level).toBe(40)
    expect((await eventually(() => preview(page), (p) => p.CUDA?.level === 40)).CUDA?.level).toBe(40)
    expect(problems.errors).toEqual([])
    await context.close()
  })
})

describe('accessibility', () => {
  test.each([
    ['Skills to find (lexicon)', '/admin/skills', 'table.lexicon-table'],
    ['Adjustments (overrides)', OVERRIDES, 'li.override-item'],
  ])('the %s tab has no serious or critical axe violations', async (_tab, path, ready) => {
    const { context, page, problems } = await openScreen(site, path)
    await page.locator(ready).first().waitFor()
    await page.locator('.skills-preview-item').first().waitFor()
    expect(await axeViolations(page)).toEqual([])
    expect(problems.errors).toEqual([])
    await context.close()
  })
})
