// The inbox filters: Active, Archived or All, and a search box (its text is a draft, so it
// survives a reload or a lapsed session).
import type { MessageStatus } from './api'

const STATUSES: [MessageStatus, string][] = [
  ['active', 'Active'],
  ['archived', 'Archived'],
  ['all', 'All'],
]

type Props = {
  status: MessageStatus
  onStatus: (status: MessageStatus) => void
  search: string
  onSearch: (search: string) => void
}

export function MessagesToolbar({ status, onStatus, search, onSearch }: Props) {
  return (
    <div className="messages-toolbar" role="search">
      <fieldset className="segmented-radios">
        <legend>Show</legend>
        <div className="segmented">
          {STATUSES.map(([value, label]) => (
            <label key={value}>
              <input type="radio" name="message-status" value={value} checked={status === value} onChange={() => onStatus(value)} />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor="messages-search">Search messages</label>
        <input
          id="messages-search"
          type="search"
          value={search}
          maxLength={200}
          aria-describedby="messages-search-help"
          onChange={(e) => onSearch(e.target.value)}
        />
        <p id="messages-search-help" className="help">
          Matches the name, email and message text.
        </p>
      </div>
    </div>
  )
}
