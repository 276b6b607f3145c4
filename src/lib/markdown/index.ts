// Markdown to sanitised HTML with highlighted code: the entry point every writer imports.
// NOTE: the renderer (marked, sanitize-html, shiki and its grammars) loads on the first render,
// not at start: only saves, previews and seeding need it, and loading it costs about 50 ms of
// start-up and megabytes of heap in a process that otherwise serves stored HTML.
import type * as Renderer from './render'

let renderer: Promise<typeof Renderer> | undefined

export async function renderMarkdown(source: string): Promise<string> {
  renderer ??= import('./render')
  return (await renderer).renderMarkdown(source)
}

/** Frees the highlighter and its compiled grammars until the next render needs them again. */
export async function releaseHighlighter(): Promise<void> {
  if (renderer) await (await renderer).releaseHighlighter()
}

export { readingMinutes } from '#src/contract/text'
