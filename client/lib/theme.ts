// The theme of spec sections 3 and 4: 'dark' (default) or 'light', stored in localStorage
// 'theme', applied to <html data-theme>, synced across tabs by the storage event.
import { useCallback, useSyncExternalStore } from 'react'
import { DEFAULT_THEME, parseTheme, THEME_KEY, type Theme } from './theme-store'

export { DEFAULT_THEME, parseTheme, THEME_KEY, type Theme }

function current(): Theme {
  return parseTheme(document.documentElement.dataset.theme)
}

function subscribe(onChange: () => void) {
  const onStorage = (e: StorageEvent) => {
    if (e.key !== THEME_KEY) return
    document.documentElement.dataset.theme = parseTheme(e.newValue)
    onChange()
  }
  window.addEventListener('storage', onStorage)
  window.addEventListener('folio:theme', onChange)
  return () => {
    window.removeEventListener('storage', onStorage)
    window.removeEventListener('folio:theme', onChange)
  }
}

export function setTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme
  try {
    localStorage.setItem(THEME_KEY, theme)
  } catch {
    // storage may be unavailable (private mode); the theme still applies to this page
  }
  window.dispatchEvent(new Event('folio:theme'))
}

/** The theme; the server snapshot is the site's default (settings defaultTheme), so hydration never mismatches. */
export function useTheme(serverDefault: Theme = DEFAULT_THEME): [Theme, (t: Theme) => void] {
  const theme = useSyncExternalStore(subscribe, current, () => serverDefault)
  return [theme, useCallback(setTheme, [])]
}
