// Content files room: a markdown file's front matter. folio writes YAML between `---` lines;
// it reads that (Hugo, Astro, Jekyll and Eleventy write it too) and Hugo's TOML between `+++`.
import { parse, stringify } from 'yaml'

export type FrontMatter = Record<string, unknown>
export type MarkdownFile = { data: FrontMatter; body: string }

/** The file's front matter is there but unreadable: the message says why, in one line. */
export class FrontMatterError extends Error {}

const OPENING = /^\uFEFF?(---|\+\+\+)[ \t]*\r?\n/
const CLOSING = { '---': /^---[ \t]*(?:\r?\n|$)/m, '+++': /^\+\+\+[ \t]*(?:\r?\n|$)/m } as const

const firstLine = (message: string) => message.split('\n')[0]!.trim()

function asMapping(value: unknown): FrontMatter {
  if (value === null || value === undefined) return {}
  if (typeof value !== 'object' || Array.isArray(value) || value instanceof Date) {
    throw new FrontMatterError('the front matter must be a set of "key: value" lines')
  }
  return value as FrontMatter
}

function parseYaml(source: string): FrontMatter {
  try {
    // The YAML 1.2 core schema: dates stay text (read as the author wrote them), `yes` stays a word.
    // Aliases are capped, so a "billion laughs" document fails instead of filling memory.
    return asMapping(parse(source, { schema: 'core', uniqueKeys: true, maxAliasCount: 100, logLevel: 'error' }))
  } catch (error) {
    if (error instanceof FrontMatterError) throw error
    throw new FrontMatterError(`the front matter is not valid YAML: ${firstLine((error as Error).message)}`)
  }
}

function parseToml(source: string): FrontMatter {
  try {
    // Through JSON: Bun gives TOML dates as Temporal objects, which read back as ISO text.
    return asMapping(JSON.parse(JSON.stringify(Bun.TOML.parse(source))))
  } catch (error) {
    if (error instanceof FrontMatterError) throw error
    throw new FrontMatterError(`the front matter is not valid TOML: ${firstLine((error as Error).message)}`)
  }
}

/**
 * Splits a markdown file into its front matter and its body; null when it has none. The body is
 * everything after the closing line, less the one blank line and final newline folio writes.
 */
export function parseMarkdownFile(text: string): MarkdownFile | null {
  const opening = OPENING.exec(text)
  if (!opening) return null
  const fence = opening[1] as keyof typeof CLOSING
  const rest = text.slice(opening[0].length)
  const closing = CLOSING[fence].exec(rest)
  if (!closing) throw new FrontMatterError(`the front matter opened by "${fence}" has no closing "${fence}" line`)
  const source = rest.slice(0, closing.index)
  const body = rest
    .slice(closing.index + closing[0].length)
    .replace(/^\r?\n/, '')
    .replace(/\n$/, '')
  return { data: fence === '---' ? parseYaml(source) : parseToml(source), body }
}

/**
 * The file folio writes: YAML front matter in the key order given, a blank line, the body as is.
 * Deterministic: the same data and body always give the same bytes. Long lines are never folded.
 */
export function serializeMarkdownFile(data: FrontMatter, body: string): string {
  const yaml = stringify(data, { lineWidth: 0, aliasDuplicateObjects: false })
  return `---\n${yaml}---\n\n${body}\n`
}
