// How the demo shows numbers, times and hex strings. Only rendered in the browser (the server
// renders no demo data), so Intl's output cannot break hydration here.
// NOTE: the clock is the demo's own, not client/lib/format-date.ts: importing that module would
// add a shared chunk (about 370 bytes gzip) to the demo page, which is at its 95 KB budget.
const pad = (n: number) => String(n).padStart(2, '0')

/** '14:05:09' in UTC, or '' for an unreadable time. */
export function clockTime(at: string | number): string {
  const date = new Date(at)
  if (Number.isNaN(date.getTime())) return ''
  return `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
}

const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 })
const amount = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 })

/** '$5,894.40' */
export const formatUsd = (value: number) => usdCents.format(value)
/** '≈ $12,345': the portfolio total, whole dollars (prices drift, cents would be noise). */
export const formatApproxUsd = (value: number) => `≈ ${usdWhole.format(value)}`
/** '1,250' or '0.0415' */
export const formatAmount = (value: number) => amount.format(value)

/** The portfolio's USD value: `usd` is already the value of each balance. */
export const portfolioUsd = (items: readonly { usd: number }[]) => items.reduce((sum, t) => sum + (Number.isFinite(t.usd) ? t.usd : 0), 0)

/** '0x1234…abcd' for long hex (ids, addresses); short strings as they are. */
export const shortHex = (hex: string) => (hex.length > 14 ? `${hex.slice(0, 6)}…${hex.slice(-4)}` : hex)
