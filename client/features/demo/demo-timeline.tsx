import { LOG_SIZE } from './constants'
import { clockTime } from './format'
import type { LogEntry } from './timeline'

const KIND_LABEL = { event: 'event', action: 'action', info: 'stream', error: 'error' } as const

/**
 * The debug timeline: newest first, the last 200 entries, a Clear button.
 * NOTE: fixed ids, not useId (React's and Preact's differ, decision 066); the page has one demo.
 */
export function DemoTimeline({ entries, onClear }: { entries: readonly LogEntry[]; onClear: () => void }) {
  return (
    <section className="demo-panel demo-timeline" aria-labelledby="demo-timeline-title">
      <div className="demo-timeline-head">
        <h2 id="demo-timeline-title">Debug timeline</h2>
        <button type="button" className="button demo-clear" onClick={onClear}>
          Clear
        </button>
      </div>
      <p className="demo-hint" id="demo-timeline-hint">
        {`Stream events and what this page did, newest first; the last ${LOG_SIZE} are kept.`}
      </p>
      {entries.length === 0 ? (
        <p className="demo-log-empty">No entries yet.</p>
      ) : (
        <ol className="demo-log" aria-labelledby="demo-timeline-title" aria-describedby="demo-timeline-hint">
          {entries.map((e) => (
            <li key={e.seq} className="demo-log-entry" data-kind={e.kind}>
              <time dateTime={new Date(e.at).toISOString()}>{clockTime(e.at)}</time>{' '}
              <span className="demo-log-kind">{KIND_LABEL[e.kind]}</span>{' '}
              <span className="demo-log-title">{e.title}</span>
              {e.detail && <span className="demo-log-detail">{` ${e.detail}`}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
