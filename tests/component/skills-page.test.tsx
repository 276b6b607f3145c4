import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act } from 'react'
import type { Skill } from '#src/contract/skill'
import { ApiError } from '#client/lib/api'
import { URL_DELAY_MS } from '#client/site/islands/skills-filter'
import { SkillsPage } from '#client/site/pages/skills-page'
import { renderAt, settle } from '#tests/support/component/render'

const skills: Skill[] = [
  { name: 'React', level: 60, bucket: 'Frontend', relatedProjects: [{ slug: 'tokenfolio', title: 'Tokenfolio' }, { title: 'Old site' }] },
  { name: 'VHDL', level: 72.4, bucket: 'Hardware', relatedProjects: [{ slug: 'scopelet', title: 'Scopelet' }] },
  { name: 'Verilog', level: 40, bucket: 'Hardware', relatedProjects: [] },
  { name: 'CUDA', level: 130, bucket: 'GPU', relatedProjects: [] },
  { name: 'react-query', level: 20, bucket: 'frontend tools', relatedProjects: [] },
]

// The island keeps the address with history's own API (decision 066): each push or replace, in order.
let written: [string, string][] = []
const realHistory = { push: history.pushState.bind(history), replace: history.replaceState.bind(history) }
beforeEach(() => {
  written = []
  realHistory.replace(null, '', '/skills')
  history.pushState = (data, unused, url) => (written.push(['push', String(url)]), realHistory.push(data, unused, url))
  history.replaceState = (data, unused, url) => (written.push(['replace', String(url)]), realHistory.replace(data, unused, url))
})
afterEach(() => {
  history.pushState = realHistory.push
  history.replaceState = realHistory.replace
})

const names = (c: HTMLElement) => [...c.querySelectorAll('.skill-card h3')].map((h) => h.textContent)
const show = async (path = '/skills', load: () => Promise<Skill[]> = async () => skills) => {
  const r = await renderAt(path, <SkillsPage />, { data: { skills: load } })
  await settle()
  return r
}
const type = async (input: HTMLInputElement, value: string) => {
  // React tracks the last value it saw; set it through the native setter so onChange fires.
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!
  await act(async () => {
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}
const choose = async (select: HTMLSelectElement, value: string) => {
  await act(async () => {
    select.value = value
    select.dispatchEvent(new Event('change', { bubbles: true }))
  })
}

describe('skills page', () => {
  test('shows each skill with its bucket, a labelled level bar and its related projects', async () => {
    const { container } = await show()
    expect(container.querySelector('h1')?.textContent).toBe('Skills')
    expect(names(container)).toEqual(['React', 'VHDL', 'Verilog', 'CUDA', 'react-query'])
    const react = container.querySelector('.skill-card')!
    // Its bucket is the heading of its group.
    expect(react.closest('section')?.querySelector('h2')?.textContent).toBe('Frontend')
    const meter = react.querySelector('[role="meter"]')!
    expect(meter.getAttribute('aria-label')).toBe('React level 60%')
    expect(meter.getAttribute('aria-valuenow')).toBe('60')
    expect((meter.querySelector('.skill-level-fill') as HTMLElement).style.width).toBe('60%')
    expect(react.querySelector('.skill-related-count')?.textContent).toBe('2 related projects')
    const links = [...react.querySelectorAll('.skill-related a')].map((a) => [a.textContent, a.getAttribute('href')])
    expect(links).toEqual([
      ['Tokenfolio', '/projects/tokenfolio'],
      ['Old site', '/projects?tag=React'],
    ])
  })

  test('rounds and clamps levels to 0-100 and counts one related project in the singular', async () => {
    const { container } = await show()
    const labels = [...container.querySelectorAll('[role="meter"]')].map((m) => m.getAttribute('aria-label'))
    expect(labels).toEqual(['React level 60%', 'VHDL level 72%', 'Verilog level 40%', 'CUDA level 100%', 'react-query level 20%'])
    const counts = [...container.querySelectorAll('.skill-related-count')].map((p) => p.textContent)
    expect(counts.slice(0, 3)).toEqual(['2 related projects', '1 related project', '0 related projects'])
  })

  test('offers All plus the buckets sorted, in a labelled select', async () => {
    const { container } = await show()
    const select = container.querySelector('select') as HTMLSelectElement
    expect(container.querySelector(`label[for="${select.id}"]`)?.textContent).toBe('Category')
    expect([...select.options].map((o) => o.textContent)).toEqual(['All', 'Frontend', 'frontend tools', 'GPU', 'Hardware'])
    expect(select.value).toBe('')
  })

  test('has the fixed quick links to project tags', async () => {
    const { container } = await show()
    const links = [...container.querySelectorAll('.quick-links a')].map((a) => [a.textContent, a.getAttribute('href')])
    expect(links).toEqual(['MERN', 'Solidity', 'FPGA', 'VHDL', 'Arduino', 'React', 'Node', 'Mongo'].map((t) => [t, `/projects?tag=${t}`]))
  })

  test('renders the view the URL asks for: search by name and a bucket, case-insensitive', async () => {
    const { container } = await show('/skills?search=v&bucket=hardware')
    expect(names(container)).toEqual(['VHDL', 'Verilog'])
    expect((container.querySelector('input[type="search"]') as HTMLInputElement).value).toBe('v')
    expect((container.querySelector('select') as HTMLSelectElement).value).toBe('Hardware')
    expect(container.querySelector('.skills-count')?.textContent).toBe('2 of 5 skills')
  })

  // Changed in issue 33: the island writes the address with history.replaceState and pushState (no
  // router), so the test reads those calls instead of wouter's memory location.
  test('filters as you type and writes the search to the URL once typing rests', async () => {
    const { container } = await show('/skills?bucket=Frontend')
    const input = container.querySelector('input[type="search"]') as HTMLInputElement
    expect(container.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Search skills')
    await type(input, 'REACT ')
    expect(names(container)).toEqual(['React'])
    expect(written).toEqual([])
    await settle(URL_DELAY_MS + 50)
    // Replaced, not pushed: typing leaves no trail of history entries.
    expect(written).toEqual([['replace', '/skills?search=REACT&bucket=Frontend']])
    expect(input.value).toBe('REACT ')
  })

  test('choosing a category filters at once and puts it in the URL; All removes it', async () => {
    const { container } = await show('/skills?search=r')
    const select = container.querySelector('select') as HTMLSelectElement
    await choose(select, 'Hardware')
    expect(written.at(-1)).toEqual(['push', '/skills?search=r&bucket=Hardware'])
    expect(names(container)).toEqual(['Verilog'])
    await choose(select, '')
    expect(written).toEqual([
      ['push', '/skills?search=r&bucket=Hardware'],
      ['push', '/skills?search=r'],
    ])
    expect(names(container)).toEqual(['React', 'Verilog', 'react-query'])
  })

  test('follows the URL when it changes under the page (back and forward)', async () => {
    const { container } = await show('/skills?search=cuda')
    expect(names(container)).toEqual(['CUDA'])
    await act(async () => {
      realHistory.replace(null, '', '/skills?bucket=hardware')
      window.dispatchEvent(new PopStateEvent('popstate'))
    })
    expect((container.querySelector('input[type="search"]') as HTMLInputElement).value).toBe('')
    expect((container.querySelector('select') as HTMLSelectElement).value).toBe('Hardware')
    expect(names(container)).toEqual(['VHDL', 'Verilog'])
  })

  test('says when no skill matches', async () => {
    const { container } = await show('/skills?search=cobol')
    expect(container.querySelector('.empty')?.textContent).toBe('No skills match your filters.')
    expect(container.querySelector('.skill-card')).toBeNull()
  })

  test.each([
    ['a server message', () => Promise.reject(new ApiError(500, { error: 'Skills are resting' }, 'x')), 'Could not load skills: Skills are resting'],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch')), 'Could not load skills: Failed to fetch'],
  ])('shows the error with %s', async (_name, load, text) => {
    const { container } = await show('/skills', load)
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(text)
  })

  test('shows Loading… until the skills arrive, with the quick links already there', async () => {
    const { container } = await show('/skills', () => new Promise<Skill[]>(() => {}))
    expect(container.textContent).toContain('Loading…')
    expect(container.querySelectorAll('.quick-links a')).toHaveLength(8)
  })

  test('without JavaScript the filters are a GET form to /skills', async () => {
    const { container } = await show()
    const form = container.querySelector('form.skills-filters')!
    expect([form.getAttribute('action'), form.getAttribute('method')]).toEqual(['/skills', 'get'])
    expect([...form.querySelectorAll('[name]')].map((e) => e.getAttribute('name'))).toEqual(['search', 'bucket'])
  })
})

describe('skills page, issue 33 (an island)', () => {
  test('is one island carrying its own props: the skills and the filters of the address', async () => {
    const { container } = await show('/skills?search=v&bucket=hardware')
    const marker = container.querySelector('[data-island]')!
    expect(marker.getAttribute('data-island')).toBe('skills-list')
    expect(JSON.parse(marker.getAttribute('data-props')!)).toEqual({ skills, search: 'v', bucket: 'hardware' })
    // The quick links are the server's, outside the island.
    expect(marker.querySelector('.quick-links')).toBeNull()
    expect(marker.querySelector('form.skills-filters')).not.toBeNull()
  })

  test('links related projects with plain links (no router in the browser)', async () => {
    const { container } = await show()
    const link = container.querySelector('.skill-related a')!
    expect(link.outerHTML).toBe('<a href="/projects/tokenfolio">Tokenfolio</a>')
  })
})

describe('skills page, issue 22', () => {
  test('groups the skills by bucket, in the order their first skill comes, each group a labelled section', async () => {
    const { container } = await show()
    const groups = [...container.querySelectorAll('section.skill-group')].map((s) => ({
      bucket: s.querySelector('h2')?.textContent,
      skills: [...s.querySelectorAll('.skill-card h3')].map((h) => h.textContent),
      labelled: s.getAttribute('aria-labelledby') === s.querySelector('h2')?.id,
    }))
    expect(groups).toEqual([
      { bucket: 'Frontend', skills: ['React'], labelled: true },
      { bucket: 'Hardware', skills: ['VHDL', 'Verilog'], labelled: true },
      { bucket: 'GPU', skills: ['CUDA'], labelled: true },
      { bucket: 'frontend tools', skills: ['react-query'], labelled: true },
    ])
  })
})
