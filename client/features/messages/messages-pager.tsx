// The inbox's paging: 'Showing N message(s) (page X of Y).' with Previous and Next.
import type { Ref } from 'react'
import type { PageInfo } from '#src/contract/contact'
import { summaryText } from './api'

type Props = { info: PageInfo; onPage: (page: number) => void; summaryRef?: Ref<HTMLParagraphElement> }

export function MessagesPager({ info, onPage, summaryRef }: Props) {
  return (
    <nav className="messages-pager" aria-label="Message pages">
      <p ref={summaryRef} tabIndex={-1} role="status">
        {summaryText(info.total, info.page, info.pages)}
      </p>
      <button type="button" className="button" disabled={info.page <= 1} onClick={() => onPage(info.page - 1)}>
        Previous
      </button>
      <button type="button" className="button" disabled={info.page >= info.pages} onClick={() => onPage(info.page + 1)}>
        Next
      </button>
    </nav>
  )
}
