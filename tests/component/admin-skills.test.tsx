import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act } from 'react'
import type { LexiconItem, Skill, SkillOverride } from '#src/contract/skill'
import { SkillsScreen } from '#client/admin/screens/skills-screen'
import { apiError, byText, click, fakeApi, fill, json, renderAdmin, settle, type ApiCall } from '#tests/support/component/render-admin'

const [LEX, OVR, PREVIEW] = ['GET /api/admin/skills/lexicon', 'GET /api/admin/skills/overrides', 'GET /api/skills']
const item = (id: string, name: string, order: number, extra: Partial<LexiconItem> = {}): LexiconItem => ({ _id: id, name, bucket: 'Frontend', patterns: [name.toLowerCase()], tagHints: [], enabled: true, order, ...extra })

/** A small in-memory server behind the fake fetch; `fail` makes one route answer an error. */
function server(fail: Record<string, () => Response> = {}) {
  let lexicon = [item('a', 'React', 10, { patterns: ['react', 'jsx'], tagHints: ['React'] }), item('b', 'VHDL', 20, { bucket: 'Hardware' }), item('c', 'CUDA', 30, { bucket: 'GPU' })]
  let overrides: SkillOverride[] = [{ name: 'React', levelOverride: 90, bucketOverride: null, hide: false }]
  const skills: Skill[] = [{ name: 'React', level: 90, bucket: 'Frontend', relatedProjects: [{ slug: 'x', title: 'X' }, { title: 'Y' }] }]
  const route = (key: string, run: (c: ApiCall) => unknown) => (c: ApiCall) => (fail[key] ? fail[key]() : run(c))
  const idOf = (c: ApiCall) => decodeURIComponent(c.path.split('/').pop() ?? '')
  return fakeApi({
    [LEX]: route(LEX, () => ({ items: lexicon })),
    'POST /api/admin/skills/lexicon': route('POST', (c) => {
      const created = { _id: 'new', ...(c.body as Omit<LexiconItem, '_id'>) }
      lexicon = [...lexicon, created]
      return json(201, { item: created })
    }),
    'POST /api/admin/skills/lexicon/reorder': route('REORDER', (c) => {
      const ids = (c.body as { ids: string[] }).ids
      lexicon = ids.map((id, i) => ({ ...lexicon.find((x) => x._id === id)!, order: (i + 1) * 10 }))
      return { ok: true }
    }),
    'PUT /api/admin/skills/lexicon/b': route('PUT', (c) => {
      lexicon = lexicon.map((x) => (x._id === 'b' ? { ...x, ...(c.body as object) } : x))
      return { item: lexicon.find((x) => x._id === 'b') }
    }),
    'DELETE /api/admin/skills/lexicon/c': route('DELETE', () => ((lexicon = lexicon.filter((x) => x._id !== 'c')), { ok: true })),
    [OVR]: route(OVR, () => ({ items: overrides })),
    'PUT /api/admin/skills/overrides/C%2B%2B%20%2F%20HLS': route('PUT OVR', (c) => {
      overrides = [...overrides, { name: idOf(c), ...(c.body as Omit<SkillOverride, 'name'>) }]
      return { item: overrides.at(-1) }
    }),
    'DELETE /api/admin/skills/overrides/React': route('DELETE OVR', () => ((overrides = []), { ok: true })),
    [PREVIEW]: route(PREVIEW, () => ({ skills })),
  })
}

let api: ReturnType<typeof server>
let screen: Awaited<ReturnType<typeof renderAdmin>>
const realConfirm = window.confirm
const show = async (path = '/skills', srv = server()) => {
  api = srv
  screen = await renderAdmin(<SkillsScreen />, { path })
  await settle()
  return screen.container
}
const names = (c: HTMLElement) => [...c.querySelectorAll<HTMLInputElement>('tr.lexicon-row .lexicon-name input')].map((i) => i.value)
const row = (c: HTMLElement, id: string) => c.querySelector<HTMLTableRowElement>(`tr.lexicon-row[data-id="${id}"]`)!
const input = (r: ParentNode, field: string) => r.querySelector<HTMLInputElement>(`.lexicon-${field} input`)!
const button = (r: ParentNode, label: string) => [...r.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === label)!
const alerts = (c: ParentNode) => [...c.querySelectorAll('[role="alert"]')].map((a) => a.textContent)
const fire = (el: Element, type: string) => act(async () => void el.dispatchEvent(new Event(type, { bubbles: true, cancelable: true })))
const failWith = (status: number) => () => new Response('', { status })

beforeEach(() => sessionStorage.clear())
afterEach(() => {
  screen?.unmount()
  api?.restore()
  window.confirm = realConfirm
})

describe('admin skills: tabs and preview', () => {
  test('offers Lexicon and Overrides as a tab list that arrow keys move through', async () => {
    const c = await show()
    const tabs = [...c.querySelectorAll<HTMLButtonElement>('[role="tablist"] [role="tab"]')]
    expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-selected'), t.tabIndex])).toEqual([['Skills to find (lexicon)', 'true', 0], ['Adjustments (overrides)', 'false', -1]])
    const panel = (t: HTMLElement) => document.getElementById(t.getAttribute('aria-controls')!)!
    expect([panel(tabs[0]!).hidden, panel(tabs[1]!).hidden]).toEqual([false, true])
    await act(async () => void tabs[0]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })))
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement?.id).toBe(tabs[1]!.id)
    expect([panel(tabs[0]!).hidden, panel(tabs[1]!).hidden]).toEqual([true, false])
    await act(async () => void tabs[1]!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })))
    expect(document.activeElement?.id).toBe(tabs[0]!.id)
  })

  test('opens the Overrides tab when the URL asks for it', async () => {
    const c = await show('/skills?tab=overrides')
    expect(c.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Adjustments (overrides)')
  })

  test('previews the public skills with bucket, level bar and related count', async () => {
    const c = await show()
    expect(api.to(PREVIEW)[0]?.query.get('includeCounts')).toBe('1')
    const preview = c.querySelector('.skills-preview')!
    expect(preview.querySelector('.skills-preview-name')?.textContent).toBe('React')
    expect(preview.querySelector('.skills-preview-bucket')?.textContent).toBe('Frontend')
    expect(preview.querySelector('[role="meter"]')?.getAttribute('aria-valuenow')).toBe('90')
    expect(preview.querySelector('.skills-preview-count')?.textContent).toBe('2 related projects')
  })

  test('shows the load error of spec section 8 and reports a 401 as an ended session', async () => {
    const c = await show('/skills', server({ [LEX]: failWith(400), [OVR]: () => apiError(401, 'Not signed in') }))
    expect(alerts(c)).toContain('Failed to load skills admin data')
    expect(screen.session.ended).toBeGreaterThan(0)
  })
})

describe('admin skills: lexicon', () => {
  test('lists the items in order with lists as comma-separated text', async () => {
    const c = await show()
    expect(names(c)).toEqual(['React', 'VHDL', 'CUDA'])
    const react = row(c, 'a')
    expect([input(react, 'patterns').value, input(react, 'tagHints').value, input(react, 'bucket').value]).toEqual(['react, jsx', 'React', 'Frontend'])
    expect(react.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked).toBe(true)
  })

  test('enables Save only for a changed, valid row and says Min 2 characters at the name', async () => {
    const c = await show()
    const vhdl = row(c, 'b')
    const save = button(vhdl, 'Save VHDL')
    expect(save.disabled).toBe(true)
    await fill(input(vhdl, 'patterns'), '  vhdl ')
    expect(save.disabled).toBe(true)
    await fill(input(vhdl, 'name'), ' V ')
    expect(vhdl.querySelector('.lexicon-name .field-error')?.textContent).toBe('Min 2 characters')
    expect(input(vhdl, 'name').getAttribute('aria-invalid')).toBe('true')
    expect(save.disabled).toBe(true)
    await fill(input(vhdl, 'name'), 'VHDL-2008')
    expect(save.disabled).toBe(false)
  })

  test('saves the trimmed row, without _id or order, and refreshes the preview', async () => {
    const c = await show()
    const vhdl = row(c, 'b')
    await fill(input(vhdl, 'name'), ' VHDL-2008 ')
    await fill(input(vhdl, 'patterns'), 'vhdl, , ghdl ,')
    await fill(input(vhdl, 'tagHints'), 'FPGA')
    await click(vhdl.querySelector('input[type="checkbox"]'))
    await click(button(vhdl, 'Save VHDL'))
    await settle()
    expect(api.to('PUT /api/admin/skills/lexicon/b')[0]?.body).toEqual({ name: 'VHDL-2008', bucket: 'Hardware', patterns: ['vhdl', 'ghdl'], tagHints: ['FPGA'], enabled: false })
    expect(input(row(c, 'b'), 'name').value).toBe('VHDL-2008')
    expect(button(row(c, 'b'), 'Save VHDL-2008').disabled).toBe(true)
    expect(api.to(PREVIEW).length).toBe(2)
  })

  test('resets a row to its saved values', async () => {
    const c = await show()
    await fill(input(row(c, 'b'), 'bucket'), 'Chips')
    await click(button(row(c, 'b'), 'Reset VHDL'))
    expect(input(row(c, 'b'), 'bucket').value).toBe('Hardware')
    expect(button(row(c, 'b'), 'Reset VHDL').disabled).toBe(true)
  })

  test('keeps unsaved row edits across a reload', async () => {
    let c = await show()
    await fill(input(row(c, 'b'), 'bucket'), 'Chips')
    screen.unmount()
    api.restore()
    c = await show()
    expect(input(row(c, 'b'), 'bucket').value).toBe('Chips')
    expect(button(row(c, 'b'), 'Save VHDL').disabled).toBe(false)
  })

  test('shows Failed to save changes in the row when the save fails', async () => {
    const c = await show('/skills', server({ PUT: failWith(500) }))
    await fill(input(row(c, 'b'), 'bucket'), 'Chips')
    await click(button(row(c, 'b'), 'Save VHDL'))
    await settle()
    expect(alerts(row(c, 'b'))).toEqual(['Failed to save changes'])
    expect(input(row(c, 'b'), 'bucket').value).toBe('Chips')
  })

  test('Add skill opens an unsaved row with the defaults of spec section 7; Save sends it', async () => {
    const c = await show()
    await click(byText(c, 'Add skill'))
    await settle()
    expect(api.to('POST /api/admin/skills/lexicon')).toHaveLength(0)
    expect(document.activeElement?.id).toBe('lexicon-unsaved-name')
    expect(names(c)).toEqual(['React', 'VHDL', 'CUDA', 'New Skill'])
    await fill(input(row(c, 'unsaved'), 'patterns'), 'svelte, sveltekit')
    await click(button(row(c, 'unsaved'), 'Save the new skill'))
    await settle()
    expect(api.to('POST /api/admin/skills/lexicon')[0]?.body).toEqual({ name: 'New Skill', bucket: 'General', patterns: ['svelte', 'sveltekit'], tagHints: [], enabled: true, order: 40 })
    expect(row(c, 'unsaved')).toBeNull()
    expect(names(c)).toEqual(['React', 'VHDL', 'CUDA', 'New Skill'])
    expect(document.activeElement?.id).toBe('lexicon-new-name')
  })

  test('Cancel discards the unsaved row without a request and returns focus to Add skill', async () => {
    const c = await show()
    await click(byText(c, 'Add skill'))
    await click(button(row(c, 'unsaved'), 'Cancel the new skill'))
    await settle()
    expect(row(c, 'unsaved')).toBeNull()
    expect(names(c)).toEqual(['React', 'VHDL', 'CUDA'])
    expect(api.calls.filter((x) => x.method !== 'GET')).toHaveLength(0)
    expect(document.activeElement?.textContent).toBe('Add skill')
  })

  test('says Failed to add lexicon item when the save of a new row fails', async () => {
    const c = await show('/skills', server({ POST: failWith(500) }))
    await click(byText(c, 'Add skill'))
    await click(button(row(c, 'unsaved'), 'Save the new skill'))
    await settle()
    expect(alerts(c)).toContain('Failed to add lexicon item')
    expect(row(c, 'unsaved')).not.toBeNull()
  })

  test('deletes a row only after the confirm, and says Failed to delete on failure', async () => {
    let c = await show()
    window.confirm = () => false
    await click(button(row(c, 'c'), 'Delete CUDA'))
    expect(api.to('DELETE /api/admin/skills/lexicon/c')).toHaveLength(0)
    window.confirm = () => true
    await click(button(row(c, 'c'), 'Delete CUDA'))
    await settle()
    expect(names(c)).toEqual(['React', 'VHDL'])
    screen.unmount()
    api.restore()
    c = await show('/skills', server({ DELETE: failWith(500) }))
    await click(button(row(c, 'c'), 'Delete CUDA'))
    await settle()
    expect(alerts(row(c, 'c'))).toEqual(['Failed to delete'])
  })

  test('moves a row with the keyboard buttons, posts the ids and keeps focus on the row', async () => {
    const c = await show()
    const first = row(c, 'a')
    expect(button(first, 'Move React up').disabled).toBe(true)
    await click(button(first, 'Move React down'))
    await settle()
    expect(api.to('POST /api/admin/skills/lexicon/reorder')[0]?.body).toEqual({ ids: ['b', 'a', 'c'] })
    expect(names(c)).toEqual(['VHDL', 'React', 'CUDA'])
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move React down')
  })

  test('reorders by dragging a row handle onto another row', async () => {
    const c = await show()
    await fire(row(c, 'c').querySelector('.lexicon-drag-handle')!, 'dragstart')
    await fire(row(c, 'a'), 'dragover')
    await fire(row(c, 'a'), 'drop')
    await settle()
    expect(api.to('POST /api/admin/skills/lexicon/reorder')[0]?.body).toEqual({ ids: ['c', 'a', 'b'] })
    expect(names(c)).toEqual(['CUDA', 'React', 'VHDL'])
  })

  test('says Failed to reorder skills and reloads the list when the reorder fails', async () => {
    const c = await show('/skills', server({ REORDER: failWith(500) }))
    await click(button(row(c, 'c'), 'Move CUDA up'))
    await settle()
    expect(alerts(c)).toContain('Failed to reorder skills')
    expect(api.to(LEX).length).toBe(2)
    expect(names(c)).toEqual(['React', 'VHDL', 'CUDA'])
  })
})

describe('admin skills: overrides', () => {
  const form = (c: HTMLElement) => c.querySelector<HTMLFormElement>('form.override-form')!
  const field = (c: HTMLElement, label: string) => {
    const l = [...form(c).querySelectorAll('label')].find((x) => x.textContent?.startsWith(label))!
    return document.getElementById(l.htmlFor) as HTMLInputElement
  }
  const submit = async (c: HTMLElement) => {
    await fire(form(c), 'submit')
    await settle()
  }

  test('lists overrides and loads one into the form with Edit', async () => {
    const c = await show('/skills?tab=overrides')
    expect(c.querySelector('.override-item .override-name')?.textContent).toBe('React')
    await click(button(c, 'Edit the override for React'))
    expect([field(c, 'Skill name').value, field(c, 'Level').value, field(c, 'Category').value, field(c, 'Hide').checked]).toEqual(['React', '90', '', false])
  })

  test('asks for a skill name of at least 2 characters before saving', async () => {
    const c = await show('/skills?tab=overrides')
    await fill(field(c, 'Skill name'), ' R ')
    await submit(c)
    expect(form(c).querySelector('.field-error')?.textContent).toBe('Enter a skill name (min 2 chars).')
    expect(api.calls.filter((x) => x.method === 'PUT')).toHaveLength(0)
  })

  test('clamps the level, sends an empty bucket as null and encodes the name in the URL', async () => {
    const c = await show('/skills?tab=overrides')
    await fill(field(c, 'Skill name'), 'C++ / HLS')
    await fill(field(c, 'Level'), '150')
    expect(field(c, 'Level').value).toBe('100')
    await fill(field(c, 'Level'), '-3')
    expect(field(c, 'Level').value).toBe('0')
    await fill(field(c, 'Level'), '100')
    await fill(field(c, 'Category'), '   ')
    await click(field(c, 'Hide'))
    await submit(c)
    expect(api.to('PUT /api/admin/skills/overrides/C%2B%2B%20%2F%20HLS')[0]?.body).toEqual({ levelOverride: 100, bucketOverride: null, hide: true })
    expect(field(c, 'Skill name').value).toBe('')
    expect([...c.querySelectorAll('.override-name')].map((n) => n.textContent)).toEqual(['React', 'C++ / HLS'])
    expect(api.to(PREVIEW).length).toBe(2)
  })

  test('says Failed to save override and keeps the form when the save fails', async () => {
    const c = await show('/skills?tab=overrides', server({ 'PUT OVR': failWith(500) }))
    await fill(field(c, 'Skill name'), 'C++ / HLS')
    await submit(c)
    expect(alerts(form(c))).toEqual(['Failed to save override'])
    expect(field(c, 'Skill name').value).toBe('C++ / HLS')
  })

  test('deletes an override, and says Failed to delete override on failure', async () => {
    let c = await show('/skills?tab=overrides')
    await click(button(c, 'Delete the override for React'))
    await settle()
    expect(api.to('DELETE /api/admin/skills/overrides/React')).toHaveLength(1)
    expect(c.querySelector('.override-item')).toBeNull()
    screen.unmount()
    api.restore()
    c = await show('/skills?tab=overrides', server({ 'DELETE OVR': failWith(500) }))
    await click(button(c, 'Delete the override for React'))
    await settle()
    expect(alerts(c.querySelector('.override-item')!)).toEqual(['Failed to delete override'])
  })
})
