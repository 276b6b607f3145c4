// Site header: name, navigation, theme toggle, and the mobile menu below 768 px. Rendered on the
// server only: the menu button and the theme button work through client/site/layout/header-script.ts,
// and without JavaScript the links show as a list at every width (styles/layout.css).
import { useLocation } from 'wouter'
import { useSite } from '#client/lib/site-context'
import { isCurrent, NAV_LINKS } from './nav-links'
import { ThemeToggle } from './theme-toggle'

export { DESKTOP_QUERY } from './header-script'
export const NAV_ID = 'site-nav'

export function Header() {
  const site = useSite()
  const [path] = useLocation()

  return (
    <header className="site-header">
      <div className="header-inner">
        <a href="/" className="brand">
          {site.siteName}
        </a>
        <button type="button" className="menu-button" aria-expanded="false" aria-controls={NAV_ID}>
          <span className="visually-hidden">Open menu</span>
          <span aria-hidden="true" className="menu-icon" />
        </button>
        <nav id={NAV_ID} className="site-nav" data-open="false" aria-label="Main">
          <ul>
            {NAV_LINKS.map((l) => (
              <li key={l.href}>
                <a href={l.href} aria-current={isCurrent(l.href, path) ? 'page' : undefined}>
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <ThemeToggle />
      </div>
    </header>
  )
}
