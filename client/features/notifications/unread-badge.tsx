// The unread count beside "Messages" in the admin nav: shown only when something is unread,
// refreshed every minute and whenever the inbox is refreshed or opened.
import { useQuery } from '@tanstack/react-query'
import { unreadLabel, unreadQuery } from './api'

export function UnreadBadge() {
  const { data } = useQuery(unreadQuery)
  if (!data) return null
  return (
    <>
      <span className="nav-badge" aria-hidden="true">
        {data > 99 ? '99+' : data}
      </span>
      {/* NOTE: a hidden box is a word of its own to the accessibility tree: the link reads "Messages (3 unread)". */}
      <span className="visually-hidden"> ({unreadLabel(data)})</span>
    </>
  )
}
