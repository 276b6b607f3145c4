// /admin/messages (spec sections 2, 4, 8 and 9): the contact inbox, filtered Active, Archived or
// All, searched (debounced 300 ms), 20 per page, with Reply, Archive/Unarchive and Delete; and one
// person's messages exported or erased by their address.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { LOAD_FAILED, messagesKey, messagesQuery, NO_MESSAGES, SEARCH_DEBOUNCE_MS, type MessageStatus } from '#client/features/messages/api'
import { MessagesCard } from '#client/features/messages/messages-card'
import { MessagesErasure } from '#client/features/messages/messages-erasure'
import { MessagesPager } from '#client/features/messages/messages-pager'
import { MessagesToolbar } from '#client/features/messages/messages-toolbar'
import { markInboxOpened, unreadKey } from '#client/features/notifications/api'
import { errorMessageOf, isUnauthorized, reportSessionEnded } from '#client/lib/admin-api'
import { useDebounced } from '#client/lib/use-debounced'
import { useDraft } from '#client/lib/use-draft'

export const SEARCH_DRAFT_KEY = 'admin:messages:search'

export function MessagesScreen() {
  const qc = useQueryClient()
  const [status, setStatus] = useState<MessageStatus>('active')
  const [search, setSearch] = useDraft(SEARCH_DRAFT_KEY, '')
  const debounced = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS)
  // The page belongs to one filter: a new status or search starts again at page 1.
  const filterKey = `${status}\n${debounced}`
  const [paging, setPaging] = useState({ filterKey, page: 1 })
  const page = paging.filterKey === filterKey ? paging.page : 1
  const summaryRef = useRef<HTMLParagraphElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)

  const list = useQuery({ ...messagesQuery({ status, search: debounced, page }), placeholderData: keepPreviousData })
  const info = list.data?.pageInfo

  useEffect(() => {
    if (isUnauthorized(list.error)) reportSessionEnded()
  }, [list.error])

  // Opening the inbox reads what came in: the nav's unread count starts again from zero.
  useEffect(() => {
    markInboxOpened()
      .then(() => qc.invalidateQueries({ queryKey: unreadKey }))
      .catch((e: unknown) => {
        if (isUnauthorized(e)) reportSessionEnded()
      })
  }, [qc])

  // Deleting or archiving the last message of the last page leaves that page empty: step back.
  useEffect(() => {
    if (info && !list.isPlaceholderData && info.page > info.pages) setPaging({ filterKey, page: info.pages })
  }, [info, list.isPlaceholderData, filterKey])

  const onChanged = useCallback(async () => {
    await qc.invalidateQueries({ queryKey: messagesKey })
    // The card may have left the list with the focused button: keep focus in the inbox, not on <body>.
    if (!document.activeElement || document.activeElement === document.body) (summaryRef.current ?? headingRef.current)?.focus()
  }, [qc])

  return (
    <section className="screen messages" aria-labelledby="messages-title">
      <h1 id="messages-title" ref={headingRef} tabIndex={-1}>
        Messages
      </h1>
      <MessagesToolbar status={status} onStatus={setStatus} search={search} onSearch={setSearch} />
      {list.isPending && <p role="status">Loading messages…</p>}
      {list.isError && (
        <p className="form-error" role="alert">
          {errorMessageOf(list.error, LOAD_FAILED)}
        </p>
      )}
      {list.data && !list.isError && (
        <div aria-busy={list.isPlaceholderData}>
          {list.data.pageInfo.total === 0 ? (
            <p className="empty" role="status">
              {NO_MESSAGES}
            </p>
          ) : (
            <>
              <MessagesPager info={list.data.pageInfo} onPage={(p) => setPaging({ filterKey, page: p })} summaryRef={summaryRef} />
              <ul className="message-list">
                {list.data.items.map((m) => (
                  <li key={m.id}>
                    <MessagesCard message={m} onChanged={onChanged} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
      <MessagesErasure onErased={() => qc.invalidateQueries({ queryKey: messagesKey })} />
    </section>
  )
}
