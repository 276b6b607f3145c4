// One contact message (spec sections 2 and 4): who, why, when (UTC), the text exactly as sent,
// the IP and user-agent, how the visit began; Reply, Archive/Unarchive and Delete, with failures
// shown on the card.
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { ContactMessage, MessageVisit } from '#src/contract/contact'
import { errorMessageOf, isUnauthorized, reportSessionEnded } from '#client/lib/admin-api'
import { useToast } from '#client/ui/toast'
import { UtcTime } from '#client/ui/utc-time'
import { archiveMessage, DELETE_CONFIRM, deleteMessage, emailHref, REASON_LABEL, replyHref } from './api'

type Props = { message: ContactMessage; onChanged: () => unknown }

/** 'Visit: entered at /blog · from news.ycombinator.com · campaign launch' (no campaign part when none). */
export function visitLine({ entry, referrer, campaign }: MessageVisit): string {
  const parts = [`Visit: entered at ${entry}`, `from ${referrer || 'direct'}`]
  if (campaign) parts.push(`campaign ${campaign}`)
  return parts.join(' · ')
}

export function MessagesCard({ message: m, onChanged }: Props) {
  const notify = useToast()
  const [error, setError] = useState<string | null>(null)
  const fail = (fallback: string) => (e: unknown) => {
    if (isUnauthorized(e)) reportSessionEnded()
    setError(errorMessageOf(e, fallback))
  }
  const archive = useMutation({
    mutationFn: (archived: boolean) => archiveMessage(m.id, archived),
    onMutate: () => setError(null),
    onSuccess: (_, archived) => {
      notify(archived ? 'Message archived.' : 'Message moved back to Active.', 'success')
      return onChanged()
    },
    onError: fail('Failed to save changes'),
  })
  const remove = useMutation({
    mutationFn: () => deleteMessage(m.id),
    onMutate: () => setError(null),
    onSuccess: () => {
      notify('Message deleted.', 'success')
      return onChanged()
    },
    onError: fail('Failed to delete'),
  })
  const busy = archive.isPending || remove.isPending
  const titleId = `message-${m.id}-from`

  return (
    <article className="card message-card" aria-labelledby={titleId} data-archived={m.archived}>
      <header className="message-head">
        <h2 id={titleId}>{m.name}</h2>
        <a href={emailHref(m.email)}>{m.email}</a>
        <span className="tag">{REASON_LABEL[m.reason]}</span>
        {m.archived && <span className="tag">Archived</span>}
        <UtcTime iso={m.createdAt} />
      </header>
      {/* Plain text on purpose: a visitor's message is never interpreted as HTML. */}
      <p className="message-text">{m.message}</p>
      <dl className="message-meta">
        <dt>IP</dt>
        <dd>{m.meta.ip || '–'}</dd>
        <dt>User-agent</dt>
        <dd>{m.meta.ua || '–'}</dd>
      </dl>
      {m.visit && <p className="message-visit">{visitLine(m.visit)}</p>}
      <div className="actions">
        <a className="button" href={replyHref(m)}>
          Reply<span className="visually-hidden"> to {m.name}</span>
        </a>
        <button type="button" className="button" disabled={busy} onClick={() => archive.mutate(!m.archived)}>
          {m.archived ? 'Unarchive' : 'Archive'}
          <span className="visually-hidden"> the message from {m.name}</span>
        </button>
        <button type="button" className="button danger" disabled={busy} onClick={() => window.confirm(DELETE_CONFIRM) && remove.mutate()}>
          Delete<span className="visually-hidden"> the message from {m.name}</span>
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </article>
  )
}

