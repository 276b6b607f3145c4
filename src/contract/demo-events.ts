// The demo's event types (spec section 4), without zod: the public demo bundle imports them.
export const DEMO_EVENT_TYPES = [
  'ready',
  'tokens.cache_hit',
  'tokens.cache_miss',
  'tx.created',
  'tx.confirmed',
  'demo.login.issued',
  'demo.wallet.linked',
] as const
export type DemoEventType = (typeof DEMO_EVENT_TYPES)[number]
