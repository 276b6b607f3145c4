// The panels under the chart: where visits came from and what they did (these filter the
// dashboard), goals reached (filtered too), then requests that never count as views.
import { useId } from 'react'
import type { AnalyticsSummary } from '#src/contract/analytics'
import type { DashboardView } from './dashboard-filters'
import { CAMPAIGN_PANELS, OWN_CARD_PANELS, REQUEST_PANELS, REQUESTS_NOTE } from './dashboard-panel-meta'
import { DashboardPanel } from './dashboard-panel'
import type { OnFilter } from './dashboard-panel-table'

const CAMPAIGN_HEADINGS = { utmSource: 'Source', utmMedium: 'Medium', utmCampaign: 'Campaign' } as const

type Props = { panels: AnalyticsSummary['panels']; view: DashboardView; onFilter: OnFilter }

export function DashboardPanels({ panels, view, onFilter }: Props) {
  const campaignsId = useId()
  const shared = { view, onFilter }
  return (
    <>
      <div className="dashboard-panels">
        {OWN_CARD_PANELS.map((name) => (
          <DashboardPanel key={name} name={name} rows={panels[name]} {...shared} />
        ))}
        <section className="dashboard-panel dashboard-campaigns" aria-labelledby={campaignsId}>
          <h3 id={campaignsId}>Campaigns</h3>
          {CAMPAIGN_PANELS.map((name) => (
            <DashboardPanel key={name} name={name} rows={panels[name]} heading={CAMPAIGN_HEADINGS[name]} level={4} {...shared} />
          ))}
        </section>
        <DashboardPanel name="goal" rows={panels.goal} {...shared} />
      </div>
      <div className="dashboard-panels dashboard-requests">
        {REQUEST_PANELS.map((name) => (
          <DashboardPanel key={name} name={name} rows={panels[name]} {...shared} />
        ))}
      </div>
      <p className="help dashboard-requests-note">{REQUESTS_NOTE}</p>
    </>
  )
}
