// Text edits of the markdown body that the editor makes for the owner: an image inserted at the
// cursor (with a placeholder while it uploads), and the code-fence test that decides what Tab does.

/** The cursor is inside a fenced code block: an odd number of ``` fence lines come before it. */
export function insideCodeFence(text: string, cursor: number): boolean {
  const before = text.slice(0, cursor)
  const fences = before.split('\n').filter((line) => /^\s{0,3}(```|~~~)/.test(line)).length
  return fences % 2 === 1
}

/** `text` with `insert` replacing the selection start..end, and where the cursor goes after it. */
export function insertAt(text: string, start: number, end: number, insert: string): { text: string; cursor: number } {
  return { text: text.slice(0, start) + insert + text.slice(end), cursor: start + insert.length }
}

/** An image on its own line: blank lines around it unless it starts or ends the body. */
export function imageBlock(text: string, start: number, end: number, markdown: string): string {
  const before = text.slice(0, start)
  const after = text.slice(end)
  const lead = before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n'
  const trail = after === '' || after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n'
  return `${lead}${markdown}${trail}`
}

/** Markdown's alt text must not close its brackets early. */
const altText = (alt: string) => alt.replace(/[[\]\n]/g, ' ').trim()

export const imageMarkdown = (alt: string, url: string) => `![${altText(alt)}](${url})`

/** What the body shows while a file uploads; replaced by the image, or removed on failure. */
export const uploadingPlaceholder = (fileName: string) => `![Uploading ${altText(fileName) || 'image'}…]()`

/** A first guess at alt text: the file name without extension, separators as spaces. */
export function altFromFileName(name: string): string {
  const base = name.replace(/\.[a-z0-9]{2,5}$/i, '')
  const words = base.replace(/[-_.]+/g, ' ').replace(/\s+/g, ' ').trim()
  return words && !/^image$/i.test(words) ? words.charAt(0).toUpperCase() + words.slice(1) : ''
}

/** The scroll position of `to` that shows the same share of its content as `from` does. */
export function syncedScrollTop(from: { scrollTop: number; scrollHeight: number; clientHeight: number }, to: { scrollHeight: number; clientHeight: number }): number {
  const range = from.scrollHeight - from.clientHeight
  if (range <= 0) return 0
  return Math.round((from.scrollTop / range) * Math.max(0, to.scrollHeight - to.clientHeight))
}
