// Site header: name, navigation, theme toggle, and the mobile menu below 768 px.
import { useEffect, useId, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { useSite } from '#client/lib/site-context'
import { isCurrent, NAV_LINKS } from './nav-links'
import { ThemeToggle } from './theme-toggle'

export const DESKTOP_QUERY = '(min-width: 768px)'

export function Header() {
  const site = useSite()
  const [path] = useLocation()
  const [open, setOpen] = useState(false)
  const menuId = useId()

  // The menu closes when the viewport reaches the desktop breakpoint.
  useEffect(() => {
    const query = window.matchMedia(DESKTOP_QUERY)
    const onChange = () => query.matches && setOpen(false)
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])

  return (
    <header className="site-header">
      <div className="header-inner">
        <Link href="/" className="brand">
          {site.siteName}
        </Link>
        <button type="button" className="menu-button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
          <span className="visually-hidden">{open ? 'Close menu' : 'Open menu'}</span>
          <span aria-hidden="true" className="menu-icon" />
        </button>
        <nav id={menuId} className="site-nav" data-open={open} aria-label="Main">
          <ul>
            {NAV_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} aria-current={isCurrent(l.href, path) ? 'page' : undefined} onClick={() => setOpen(false)}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <ThemeToggle />
      </div>
    </header>
  )
}
