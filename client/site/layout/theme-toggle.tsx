// The theme button, rendered on the server with the site's default theme; its label follows the
// visitor's stored theme once the page script runs (header-script.ts), and its glyph follows
// <html data-theme> through CSS, so the first paint is right before any script.
import { useSite } from '#client/lib/site-context'

export function ThemeToggle() {
  const label = useSite().defaultTheme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'
  return (
    <button type="button" className="theme-toggle" aria-label={label} title={label}>
      <span aria-hidden="true" className="theme-glyph theme-glyph-light">
        ☀
      </span>
      <span aria-hidden="true" className="theme-glyph theme-glyph-dark">
        ☾
      </span>
    </button>
  )
}
