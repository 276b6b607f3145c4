// The reference renders with folio's own page renderer, asked for the whole page at once (the way
// folio renders a page it keeps, with renderToString; decision 057): the same route match,
// prefetch through the services, head, share tags, document shell, boot block and islands' props.
import { silentLogger } from '#src/lib/logger'
import { renderPage, type RenderInput as PageInput } from '#src/web/render-page'

export type RenderInput = Omit<PageInput, 'log' | 'whole' | 'preview'>
export type RenderedHtml = { status: number; html: string }

export async function renderHtml(input: RenderInput): Promise<RenderedHtml> {
  const { response } = await renderPage({ ...input, log: silentLogger, whole: true })
  return { status: response.status, html: await response.text() }
}
