// How each analytics panel is titled and what its columns say. Visit panels count visitors and
// views and filter the dashboard; event panels count hits apart from visits and never filter.
import { VISIT_PANELS, type PanelName, type PanelRow } from '#src/contract/analytics'

type VisitPanel = (typeof VISIT_PANELS)[number]
/** One numeric column: its header and which count of the row it shows. */
export type PanelColumn = { header: string; count: keyof Omit<PanelRow, 'value'> }
export type PanelMeta = { title: string; valueHeader: string; columns: PanelColumn[] }

const VISITORS: PanelColumn = { header: 'Visitors', count: 'visitors' }
const visits = (title: string, valueHeader: string): PanelMeta => ({ title, valueHeader, columns: [VISITORS, { header: 'Views', count: 'views' }] })
const hits = (title: string, valueHeader: string, header = 'Hits'): PanelMeta => ({ title, valueHeader, columns: [{ header, count: 'views' }] })

export const PANEL_META: Record<PanelName, PanelMeta> = {
  referrer: visits('Sources', 'Source'),
  path: visits('Pages', 'Page'),
  entry: visits('Entry pages', 'Entry page'),
  browser: visits('Browsers', 'Browser'),
  os: visits('Systems', 'System'),
  device: visits('Devices', 'Device'),
  utmSource: visits('Campaign sources', 'Source'),
  utmMedium: visits('Campaign media', 'Medium'),
  utmCampaign: visits('Campaign names', 'Campaign'),
  goal: { title: 'Goals', valueHeader: 'Goal', columns: [VISITORS, { header: 'Completions', count: 'views' }] },
  bot: hits('Bots filtered', 'Reason'),
  notFound: hits('Not found', 'Path'),
  feed: hits('Feed fetches', 'Path', 'Fetches'),
}

export const CAMPAIGN_PANELS = ['utmSource', 'utmMedium', 'utmCampaign'] as const satisfies readonly VisitPanel[]
/** The visit panels with a card of their own; the campaign ones share the Campaigns card. */
export const OWN_CARD_PANELS = VISIT_PANELS.filter((p): p is Exclude<VisitPanel, (typeof CAMPAIGN_PANELS)[number]> => !(CAMPAIGN_PANELS as readonly string[]).includes(p))
/** Requests rather than visits: the filters do not reach them. */
export const REQUEST_PANELS = ['bot', 'notFound', 'feed'] as const satisfies readonly PanelName[]

export const isVisitPanel = (name: PanelName): name is VisitPanel => (VISIT_PANELS as readonly string[]).includes(name)

export const EMPTY_PANEL = 'Nothing for this range.'
export const REQUESTS_NOTE = 'Bots, 404s and feeds count requests; filters do not apply.'
