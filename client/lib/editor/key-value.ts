// Demo links and metrics as rows (issue 20): the form keeps the JSON text the contract's schema
// reads (spec section 5's rules still apply to what is sent); the rows are its editable view.

export type KeyValueRow = { key: string; value: string; /** A metric stored as a number stays one while it reads as one. */ numeric?: boolean }

/** The rows of a JSON object text; null when the text is no JSON object (shown as raw text then). */
export function rowsOf(text: string): KeyValueRow[] | null {
  if (text.trim() === '') return []
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null
  const rows: KeyValueRow[] = []
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === 'string') rows.push({ key, value })
    else if (typeof value === 'number') rows.push({ key, value: String(value), numeric: true })
    else return null
  }
  return rows
}

/** The JSON text of the rows: rows without a name are left out; a later name wins. */
export function textOf(rows: readonly KeyValueRow[]): string {
  const out: Record<string, string | number> = {}
  for (const row of rows) {
    const key = row.key.trim()
    if (!key) continue
    const n = Number(row.value)
    out[key] = row.numeric && row.value.trim() !== '' && Number.isFinite(n) ? n : row.value
  }
  return Object.keys(out).length ? JSON.stringify(out, null, 2) : ''
}

/** Names used by more than one row (only the last is kept): said under the rows. */
export function repeatedKeys(rows: readonly KeyValueRow[]): string[] {
  const seen = new Set<string>()
  const repeated = new Set<string>()
  for (const row of rows) {
    const key = row.key.trim()
    if (key && seen.has(key)) repeated.add(key)
    seen.add(key)
  }
  return [...repeated]
}
