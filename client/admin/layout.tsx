// The admin frame: skip link, the site's name and View site, navigation with Sign out (a "Menu"
// disclosure below 768 px), the screen.
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import * as adminPaths from '#src/contract/admin-paths'
import { adminApi } from '#client/lib/admin-api'
import { UnreadBadge } from '#client/features/notifications/unread-badge'
import { ADMIN_NAV } from './nav'
import { shellSiteName } from './shell-site'

const NAV_LIST_ID = 'admin-nav-list'

export function AdminLayout({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation()
  const qc = useQueryClient()
  const [open, setOpen] = useState(false)
  const [siteName] = useState(shellSiteName)
  const menuButton = useRef<HTMLButtonElement>(null)
  const nav = useRef<HTMLElement>(null)
  // Where focus goes once the menu has closed: the new screen after a link, the button after Escape.
  const focusAfterClose = useRef<'main' | 'button' | null>(null)

  function close(focus: 'main' | 'button') {
    focusAfterClose.current = focus
    setOpen(false)
  }

  useEffect(() => {
    if (open || !focusAfterClose.current) return
    const target = focusAfterClose.current === 'main' ? document.getElementById('admin-main') : menuButton.current
    focusAfterClose.current = null
    target?.focus()
  }, [open])

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close('button')
    // A tap outside the open list closes it and leaves focus where the tap put it.
    const onPointer = (e: PointerEvent) => !nav.current?.contains(e.target as Node) && setOpen(false)
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])

  async function signOut() {
    try {
      await adminApi.post(adminPaths.logout)
    } finally {
      qc.clear()
      navigate('/login', { replace: true })
    }
  }
  return (
    <div className="admin">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <header className="admin-header">
        {/* The site's name, then the way back to it: whose site this admin runs is never in doubt. */}
        <p className="brand">
          {siteName} <span className="brand-tag">admin</span>
        </p>
        <a href="/" className="view-site">
          View site
        </a>
        <nav aria-label="Admin" ref={nav} className={open ? 'admin-nav open' : 'admin-nav'}>
          {/* NOTE: shown below 768 px only (frame.css); the unread count rides on it while the list is closed. */}
          <button ref={menuButton} type="button" className="menu-button" aria-expanded={open} aria-controls={NAV_LIST_ID} onClick={() => setOpen(!open)}>
            <svg className="menu-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
              <path d={open ? 'M4 4l12 12M16 4L4 16' : 'M3 5h14M3 10h14M3 15h14'} />
            </svg>
            Menu
            {!open && <UnreadBadge />}
          </button>
          <ul id={NAV_LIST_ID}>
            {ADMIN_NAV.map((item) => {
              const current = item.href === '/' ? location === '/' : location.startsWith(item.href)
              return (
                <li key={item.href}>
                  <Link href={item.href} aria-current={current ? 'page' : undefined} onClick={() => open && close('main')}>
                    {item.label}
                    {'unread' in item && <UnreadBadge />}
                  </Link>
                </li>
              )
            })}
            <li>
              <button type="button" className="link-button" onClick={signOut}>
                Sign out
              </button>
            </li>
          </ul>
        </nav>
      </header>
      <main id="admin-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  )
}
