// /resume/{token}: landing page of a one-time resume link. The link's state is read in the
// browser only (a GET never consumes it); the download is a plain form POST, so it works
// without JavaScript and the server answers the PDF as an attachment.
import { useEffect, useMemo, useState, type ReactNode } from 'react'
import { Link } from 'wouter'
import * as apiPaths from '#src/contract/api-paths'
import * as paths from '#src/contract/paths'
import { RESUME_MESSAGES, type ResumeLinkState } from '#src/contract/resume'
import { ApiError, createApiClient, errorText, isAbortError } from '#client/lib/api'
import { formatDateTime } from '#client/lib/format-date'
import { useSite } from '#client/lib/site-context'
import type { PageProps } from '../route-types'

type Check = { kind: 'checking' } | { kind: 'known'; link: ResumeLinkState } | { kind: 'unknown' } | { kind: 'error'; message: string }

/** After a download the link is used up: look again once the browser has had time to post. */
const RECHECK_AFTER_DOWNLOAD_MS = 2000

export function ResumePage({ params }: PageProps) {
  const token = params.token ?? ''
  const site = useSite()
  const api = useMemo(() => createApiClient({ apiBase: site.apiBase }), [site.apiBase])
  const [check, setCheck] = useState<Check>({ kind: 'checking' })
  const [round, setRound] = useState(0)

  useEffect(() => {
    const abort = new AbortController()
    api
      .get<ResumeLinkState>(apiPaths.resume(token), { signal: abort.signal })
      .then((link) => setCheck({ kind: 'known', link }))
      .catch((e: unknown) => {
        if (isAbortError(e)) return
        setCheck(e instanceof ApiError && e.status === 404 ? { kind: 'unknown' } : { kind: 'error', message: errorText(e) })
      })
    return () => abort.abort()
  }, [api, token, round])

  // While the state is not known (checking, no JavaScript, a failed check) the download is
  // offered anyway: the server has the last word. Only a known dead link hides it.
  const canDownload = check.kind === 'checking' || check.kind === 'error' || (check.kind === 'known' && check.link.status === 'valid')

  return (
    <div className="page resume">
      <header className="page-header">
        <h1>Resume</h1>
        <p className="lede">A one-time link to download the resume of {site.siteName}. Opening this page does not use it up.</p>
      </header>
      <section className="card resume-card" aria-labelledby="resume-status-title">
        <h2 id="resume-status-title">Link status</h2>
        <div role="status" className="resume-status" data-status={check.kind === 'known' ? check.link.status : check.kind}>
          {statusText(check)}
        </div>
        <noscript>
          <p>The link&rsquo;s state shows with JavaScript on. The download works either way while the link is valid.</p>
        </noscript>
        {canDownload && (
          <form method="post" action={apiPaths.API_PREFIX + apiPaths.resume(token)} className="resume-download" onSubmit={() => setTimeout(() => setRound((r) => r + 1), RECHECK_AFTER_DOWNLOAD_MS)}>
            <button type="submit" className="button primary">
              Download resume
            </button>
          </form>
        )}
      </section>
    </div>
  )
}

function statusText(check: Check): ReactNode {
  if (check.kind === 'checking') return <p className="resume-checking">Checking link…</p>
  if (check.kind === 'unknown') return <p><strong>Unknown link.</strong> {RESUME_MESSAGES.notFound}</p>
  if (check.kind === 'error') return <p className="error">Could not check this link: {check.message}</p>
  const expires = formatDateTime(check.link.expiresAt)
  switch (check.link.status) {
    case 'valid':
      return <p><strong>Valid.</strong> It works once and expires on {expires}.</p>
    case 'viewed':
      return <p><strong>Already used.</strong> {RESUME_MESSAGES.used} Ask for a new one through the <Link href={paths.contact}>contact form</Link>.</p>
    case 'expired':
      return <p><strong>Expired.</strong> {RESUME_MESSAGES.expired} It expired on {expires}.</p>
  }
}
