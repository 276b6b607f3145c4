// Keeps the document title and description in step with client-side navigation.
// The server writes them into <head> itself (src/web/document.ts).
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useSite, useSiteData } from '../lib/site-context'
import { findRoute } from './match-route'
import { notFoundHead } from './routes'

export function HeadSync({ notFoundPath }: { notFoundPath?: string }) {
  const [path] = useLocation()
  const search = useSearch()
  const qc = useQueryClient()
  const site = useSite()
  const data = useSiteData()
  const [version, setVersion] = useState(0)

  // Titles of detail pages come from their data: recompute when the cache changes.
  useEffect(() => qc.getQueryCache().subscribe(() => setVersion((v) => v + 1)), [qc])

  useEffect(() => {
    const match = path === notFoundPath ? null : findRoute(path)
    const head = match ? match.route.head({ params: match.params, search: new URLSearchParams(search), qc, data, site }) : notFoundHead(site)
    if (document.title !== head.title) document.title = head.title
    document.querySelector('meta[name="description"]')?.setAttribute('content', head.description)
  }, [path, search, qc, data, site, version, notFoundPath])

  return null
}
