// The live figure: visitors in the last few minutes, announced politely as it changes.
import { LIVE_WINDOW_MINUTES } from '#src/contract/analytics'
import { formatUtc } from './messages-utc-time'
import { useLiveVisitors, type LiveSourceFactory } from './use-live-visitors'

export const LIVE_LABEL = `Visitors in the last ${LIVE_WINDOW_MINUTES} minutes`

export function DashboardLive({ openSource }: { openSource?: LiveSourceFactory }) {
  const live = useLiveVisitors(openSource)
  return (
    <dl className="dashboard-figures dashboard-live">
      <div>
        <dt>{LIVE_LABEL}</dt>
        <dd aria-live="polite" title={live?.at ? `as of ${formatUtc(live.at, { seconds: true })}` : undefined}>
          {live ? live.visitors : '—'}
        </dd>
      </div>
    </dl>
  )
}
