// The live figure: visitors in the last few minutes, announced politely as it changes.
import { LIVE_WINDOW_MINUTES } from '#src/contract/analytics'
import { formatDateTime } from '#client/lib/format-date'
import { useLiveVisitors, type LiveSourceFactory } from './api'

export const LIVE_LABEL = `Visitors in the last ${LIVE_WINDOW_MINUTES} minutes`

export function DashboardLive({ openSource }: { openSource?: LiveSourceFactory }) {
  const live = useLiveVisitors(openSource)
  return (
    <dl className="dashboard-figures dashboard-live">
      <div>
        <dt>{LIVE_LABEL}</dt>
        <dd aria-live="polite" title={live?.at ? `as of ${formatDateTime(live.at, { seconds: true })}` : undefined}>
          {live ? live.visitors : '—'}
        </dd>
      </div>
    </dl>
  )
}
