// The /admin shell's session check (spec section 4): checking, then authenticated, or a
// redirect to /admin/login that replaces history. A session that ends later redirects too.
// NOTE: it asks GET /api/admin/session, which answers 200 signed in or not, so a signed-out visit
// logs no failed request in the console (decision 055); /api/admin/me keeps the contract's 401.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { useLocation, useSearch } from 'wouter'
import * as adminPaths from '#src/contract/admin-paths'
import type { AdminSession } from '#src/contract/auth'
import { adminApi, onSessionEnded, SESSION_EXPIRED } from '#client/lib/admin-api'

export const sessionQuery = { queryKey: ['admin', 'session'] as const, queryFn: () => adminApi.get<AdminSession>(adminPaths.session, { retries: 0 }) }

export function Guard({ children }: { children: ReactNode }) {
  const me = useQuery({ ...sessionQuery, retry: false })
  const signedOut = me.data?.authenticated === false
  const [location, navigate] = useLocation()
  const search = useSearch()
  const qc = useQueryClient()

  useEffect(
    () =>
      onSessionEnded(() => {
        qc.removeQueries({ queryKey: sessionQuery.queryKey })
        const here = search ? `${location}?${search}` : location
        navigate(`/login?expired=1&next=${encodeURIComponent(here)}`, { replace: true })
      }),
    [navigate, location, search, qc],
  )

  useEffect(() => {
    if (signedOut) navigate('/login', { replace: true })
    else if (me.isError) navigate('/login?error=1', { replace: true })
  }, [signedOut, me.isError, navigate])

  if (me.isPending) return <p className="checking" role="status">Checking your session…</p>
  if (me.isError || signedOut) return null
  return <>{children}</>
}

export { SESSION_EXPIRED }
