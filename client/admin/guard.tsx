// The /admin shell's session check (spec section 4): checking, then authenticated, or a
// redirect to /admin/login that replaces history. A session that ends later redirects too.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { useLocation, useSearch } from 'wouter'
import * as adminPaths from '#src/contract/admin-paths'
import type { AdminMe } from '#src/contract/auth'
import { adminApi, isUnauthorized, onSessionEnded, SESSION_EXPIRED } from '#client/lib/admin-api'

export const meQuery = { queryKey: ['admin', 'me'] as const, queryFn: () => adminApi.get<AdminMe>(adminPaths.me, { retries: 0 }) }

export function Guard({ children }: { children: ReactNode }) {
  const me = useQuery({ ...meQuery, retry: false })
  const [location, navigate] = useLocation()
  const search = useSearch()
  const qc = useQueryClient()

  useEffect(
    () =>
      onSessionEnded(() => {
        qc.removeQueries({ queryKey: ['admin', 'me'] })
        const here = search ? `${location}?${search}` : location
        navigate(`/login?expired=1&next=${encodeURIComponent(here)}`, { replace: true })
      }),
    [navigate, location, search, qc],
  )

  useEffect(() => {
    if (me.isError) navigate(isUnauthorized(me.error) ? '/login' : '/login?error=1', { replace: true })
  }, [me.isError, me.error, navigate])

  if (me.isPending) return <p className="checking" role="status">Checking your session…</p>
  if (me.isError) return null
  return <>{children}</>
}

export { SESSION_EXPIRED }
