// Analytics room, its public face: the collector other features count visits and goals with, handed
// to them by app.ts (docs/architecture.md, "Import boundaries").
export type { AnalyticsCollector } from './collector'
