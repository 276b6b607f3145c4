// The header without React: the theme button and the mobile menu. Without JavaScript the menu
// button is hidden and the links show as a list (styles/layout.css, `html:not(.js)`), and the
// theme follows the site's default.
import { parseTheme, THEME_KEY, type Theme } from '#client/lib/theme-store'

export const DESKTOP_QUERY = '(min-width: 768px)'

const themeLabel = (theme: Theme) => (theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme')

function showTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme
  for (const button of document.querySelectorAll<HTMLButtonElement>('.theme-toggle')) {
    button.setAttribute('aria-label', themeLabel(theme))
    button.title = themeLabel(theme)
  }
}

function startThemeToggle() {
  showTheme(parseTheme(document.documentElement.dataset.theme))
  const toggle = () => {
    const next: Theme = parseTheme(document.documentElement.dataset.theme) === 'dark' ? 'light' : 'dark'
    showTheme(next)
    try {
      localStorage.setItem(THEME_KEY, next)
    } catch {
      // Storage may be off (private mode): the theme still applies to this page.
    }
  }
  for (const button of document.querySelectorAll('.theme-toggle')) button.addEventListener('click', toggle)
  // Another tab chose a theme.
  window.addEventListener('storage', (e) => {
    if (e.key === THEME_KEY) showTheme(parseTheme(e.newValue))
  })
}

function startMenu() {
  const button = document.querySelector<HTMLButtonElement>('.menu-button')
  const nav = button && document.getElementById(button.getAttribute('aria-controls') ?? '')
  if (!button || !nav) return
  const label = button.querySelector('.visually-hidden')
  const setOpen = (open: boolean) => {
    button.setAttribute('aria-expanded', String(open))
    nav.dataset.open = String(open)
    if (label) label.textContent = open ? 'Close menu' : 'Open menu'
  }
  button.addEventListener('click', () => setOpen(button.getAttribute('aria-expanded') !== 'true'))
  nav.addEventListener('click', (e) => {
    if ((e.target as Element).closest('a')) setOpen(false)
  })
  const desktop = window.matchMedia(DESKTOP_QUERY)
  desktop.addEventListener('change', () => desktop.matches && setOpen(false))
}

export function startHeader() {
  startThemeToggle()
  startMenu()
}
