import { afterEach, describe, expect, test } from 'bun:test'
import { act } from 'react'
import { Layout } from '#client/site/layout/layout'
import { startHeader } from '#client/site/layout/header-script'
import { renderAt } from '#tests/support/component/render'

afterEach(() => {
  document.documentElement.dataset.theme = 'dark'
  localStorage.clear()
})

describe('layout', () => {
  test('has a skip link to the main landmark, the five nav links and the footer links', async () => {
    const { container } = await renderAt('/blog', <Layout>content</Layout>)
    const skip = container.querySelector('a.skip-link')!
    expect(skip.getAttribute('href')).toBe('#main')
    expect(container.querySelector('main#main')?.textContent).toBe('content')
    const nav = [...container.querySelectorAll('nav a')].map((a) => [a.textContent, a.getAttribute('href')])
    expect(nav).toEqual([
      ['Home', '/'],
      ['Projects', '/projects'],
      ['Blog', '/blog'],
      ['Skills', '/skills'],
      ['Contact', '/contact'],
    ])
    expect(container.querySelector('nav a[aria-current="page"]')?.textContent).toBe('Blog')
    const footer = [...container.querySelectorAll('footer a')].map((a) => a.getAttribute('href'))
    expect(footer).toEqual(['/privacy', 'https://github.com/test', 'https://www.linkedin.com/in/test'])
  })

  // The header is the server's markup; the page script (header-script.ts) makes it work.
  test('the theme toggle switches theme, stores it and relabels itself', async () => {
    const { container } = await renderAt('/', <Layout>x</Layout>)
    startHeader()
    const toggle = container.querySelector('button.theme-toggle') as HTMLButtonElement
    expect(toggle.getAttribute('aria-label')).toBe('Switch to light theme')
    await act(async () => toggle.click())
    expect(document.documentElement.dataset.theme).toBe('light')
    expect(localStorage.getItem('theme')).toBe('light')
    expect(toggle.getAttribute('aria-label')).toBe('Switch to dark theme')
  })

  test('the mobile menu opens and closes when a link is clicked', async () => {
    const { container } = await renderAt('/', <Layout>x</Layout>)
    startHeader()
    const button = container.querySelector('button.menu-button') as HTMLButtonElement
    const nav = container.querySelector('nav')!
    expect(button.getAttribute('aria-expanded')).toBe('false')
    await act(async () => button.click())
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(nav.dataset.open).toBe('true')
    const link = nav.querySelector('a[href="/skills"]') as HTMLAnchorElement
    // The test stays on its page: the browser would load /skills, with the menu closed.
    link.addEventListener('click', (e) => e.preventDefault())
    await act(async () => link.click())
    expect(nav.dataset.open).toBe('false')
  })
})
