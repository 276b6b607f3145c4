// The admin frame: skip link, navigation with Sign out, the screen.
import { useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'wouter'
import * as adminPaths from '#src/contract/admin-paths'
import { adminApi } from '#client/lib/admin-api'
import { UnreadBadge } from '#client/features/notifications/unread-badge'
import { ADMIN_NAV } from './nav'

export function AdminLayout({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation()
  const qc = useQueryClient()
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
        <a href="/" className="brand">
          folio admin
        </a>
        <nav aria-label="Admin">
          <ul>
            {ADMIN_NAV.map((item) => {
              const current = item.href === '/' ? location === '/' : location.startsWith(item.href)
              return (
                <li key={item.href}>
                  <Link href={item.href} aria-current={current ? 'page' : undefined}>
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
