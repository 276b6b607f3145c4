// A panel card: its heading, its table (or the empty text) and its export links. The Campaigns
// card holds three of these, one per UTM parameter, with smaller headings.
import { useId } from 'react'
import type { PanelName, PanelRow } from '#src/contract/analytics'
import { DashboardExportLinks } from './dashboard-export-links'
import type { DashboardView } from './dashboard-filters'
import { PANEL_META } from './dashboard-panel-meta'
import { DashboardPanelTable, type OnFilter } from './dashboard-panel-table'

type Props = { name: PanelName; rows: PanelRow[]; view: DashboardView; onFilter: OnFilter; heading?: string; level?: 3 | 4 }

export function DashboardPanel({ name, rows, view, onFilter, heading, level = 3 }: Props) {
  const id = useId()
  const { title } = PANEL_META[name]
  const Heading = level === 3 ? 'h3' : 'h4'
  return (
    <section className={level === 3 ? 'dashboard-panel' : 'dashboard-subpanel'} aria-labelledby={id}>
      <Heading id={id}>{heading ?? title}</Heading>
      <DashboardPanelTable name={name} rows={rows} labelledBy={id} view={view} onFilter={onFilter} />
      <DashboardExportLinks panel={name} title={title} view={view} />
    </section>
  )
}
