import { useSite } from '#client/lib/site-context'
import { useTheme } from '#client/lib/theme'

export function ThemeToggle() {
  const [theme, setTheme] = useTheme(useSite().defaultTheme)
  const next = theme === 'dark' ? 'light' : 'dark'
  const label = next === 'light' ? 'Switch to light theme' : 'Switch to dark theme'
  return (
    <button type="button" className="theme-toggle" aria-label={label} title={label} onClick={() => setTheme(next)}>
      <span aria-hidden="true">{theme === 'dark' ? '☀' : '☾'}</span>
    </button>
  )
}
