// Minimal .env reader: KEY=VALUE lines, optional `export`, quotes, # comments.
// NOTE: the real environment always wins over the file (contract.md).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line)
    if (!match) continue
    const [, key, rest = ''] = match
    let value = rest.trim()
    const quote = value[0]
    if ((quote === '"' || quote === "'") && value.endsWith(quote) && value.length >= 2) {
      value = value.slice(1, -1)
      if (quote === '"') value = value.replace(/\\n/g, '\n').replace(/\\"/g, '"')
    } else {
      value = value.replace(/\s+#.*$/, '')
    }
    out[key!] = value
  }
  return out
}

/** The environment as folio sees it: `.env` of `cwd` overlaid by the real environment. */
export function readEnvironment(env: Record<string, string | undefined>, cwd: string): Record<string, string | undefined> {
  const file = join(cwd, '.env')
  const fromFile = existsSync(file) ? parseEnvFile(readFileSync(file, 'utf8')) : {}
  return { ...fromFile, ...env }
}
