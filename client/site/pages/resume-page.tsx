// /resume/{token}: landing page of a one-time resume link, a reading page with no island
// (decision 066). The server reads the link's state as it renders (a read never uses it up) and
// the download is a plain form POST answered with the PDF as an attachment: nothing here needs
// JavaScript.
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import * as apiPaths from '#src/contract/api-paths'
import * as paths from '#src/contract/paths'
import { RESUME_MESSAGES, type ResumeLinkState } from '#src/contract/resume'
import { formatDateTime } from '#client/lib/format-date'
import { useSite, useSiteData } from '#client/lib/site-context'
import { resumeLinkQuery } from '#client/lib/site-data'
import type { PageProps } from '../route-types'

export function ResumePage({ params }: PageProps) {
  const token = params.token ?? ''
  const site = useSite()
  // Prefetched by the route (client/site/routes.ts): on the server this reads the cache.
  const { data: link } = useQuery(resumeLinkQuery(useSiteData(), token))
  return (
    <div className="page resume">
      <header className="page-header">
        <h1>Resume</h1>
        <p className="lede">{`A one-time link to download the resume of ${site.siteName}. Opening this page does not use it up.`}</p>
      </header>
      <section className="card resume-card" aria-labelledby="resume-status-title">
        <h2 id="resume-status-title">Link status</h2>
        <div className="resume-status" data-status={link ? link.status : 'unknown'}>
          {link === undefined ? null : <StatusText link={link} />}
        </div>
        {link?.status === 'valid' && (
          // No name on the button: the POST body stays empty, which the JSON-only API accepts.
          <form method="post" action={apiPaths.API_PREFIX + apiPaths.resume(token)} className="resume-download">
            <button type="submit" className="button primary">
              Download resume
            </button>
            <p className="resume-hint">One download uses the link up; opened again afterwards, this page says so.</p>
          </form>
        )}
      </section>
    </div>
  )
}

function StatusText({ link }: { link: ResumeLinkState | null }): ReactNode {
  if (!link) return <p><strong>Unknown link.</strong>{` ${RESUME_MESSAGES.notFound}`}</p>
  const expires = formatDateTime(link.expiresAt)
  switch (link.status) {
    case 'valid':
      return <p><strong>Valid.</strong>{` It works once and expires on ${expires}.`}</p>
    case 'viewed':
      return (
        <p>
          <strong>Already used.</strong>
          {` ${RESUME_MESSAGES.used} Ask for a new one through the `}
          <a href={paths.contact}>contact form</a>.
        </p>
      )
    case 'expired':
      return <p><strong>Expired.</strong>{` ${RESUME_MESSAGES.expired} It expired on ${expires}.`}</p>
  }
}
