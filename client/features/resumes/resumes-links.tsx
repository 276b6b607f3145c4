// The resume links of the last 7 days: the two counts, then the table of spec section 2
// (Created, Expires, Status, Viewed time, Link, Copy and Open), or the empty text. A link this
// server cannot give back (restored from elsewhere, docs/decisions/security/008) says so instead.
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { ResumeLinkStatus } from '#src/contract/resume'
import { errorMessageOf, isUnauthorized, reportSessionEnded } from '#client/lib/admin-api'
import { formatDateTime } from '#client/lib/format-date'
import { UtcTime } from '#client/ui/utc-time'
import { resumeLinksQuery } from './api'
import { fullUrl, LINKS_FAILED, NO_LINKS, NOT_RECOVERABLE } from './resumes-copy'

const STATUS_LABEL: Record<ResumeLinkStatus, string> = { valid: 'Valid', viewed: 'Viewed', expired: 'Expired' }

export function ResumesLinks({ onCopy }: { onCopy: (url: string) => void }) {
  const links = useQuery(resumeLinksQuery)

  useEffect(() => {
    if (isUnauthorized(links.error)) reportSessionEnded()
  }, [links.error])

  if (links.isPending) return <p role="status">Loading…</p>
  if (links.isError)
    return (
      <p className="form-error" role="alert">
        {errorMessageOf(links.error, LINKS_FAILED)}
      </p>
    )
  const items = links.data.items
  const valid = items.filter((l) => l.status === 'valid').length
  return (
    <>
      <dl className="dashboard-figures resumes-counts">
        <div>
          <dt>Generated in the last 7 days</dt>
          <dd>{items.length}</dd>
        </div>
        <div>
          <dt>Currently valid</dt>
          <dd>{valid}</dd>
        </div>
      </dl>
      {items.length === 0 ? (
        <p className="empty">{NO_LINKS}</p>
      ) : (
        <div className="table-scroll">
          <table className="dashboard-table resumes-table">
            <caption className="visually-hidden">Resume links of the last 7 days, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Expires</th>
                <th scope="col">Status</th>
                <th scope="col">Viewed time</th>
                <th scope="col">Link</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {items.map((link, i) => {
                const url = fullUrl(link.relativeUrl)
                const which = <span className="visually-hidden"> the link created {formatDateTime(link.createdAt)}</span>
                return (
                  <tr key={link.token || `not-recoverable-${i}`} data-status={link.status}>
                    <td>
                      <UtcTime iso={link.createdAt} />
                    </td>
                    <td>
                      <UtcTime iso={link.expiresAt} />
                    </td>
                    <td>
                      <span className={`tag status-${link.status}`}>{STATUS_LABEL[link.status]}</span>
                    </td>
                    <td>{link.usedAt ? <UtcTime iso={link.usedAt} /> : '–'}</td>
                    {link.relativeUrl ? (
                      <>
                        <td className="resumes-url">
                          <code>{url}</code>
                        </td>
                        <td>
                          <div className="actions">
                            <button type="button" className="button" onClick={() => onCopy(url)}>
                              Copy{which}
                            </button>
                            <a className="button" href={url} target="_blank" rel="noopener noreferrer">
                              Open{which}
                              <span className="visually-hidden"> (opens in a new tab)</span>
                            </a>
                          </div>
                        </td>
                      </>
                    ) : (
                      <td colSpan={2} className="resumes-not-recoverable">
                        {NOT_RECOVERABLE}
                      </td>
                    )}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
