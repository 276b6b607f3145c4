// A live preview of a markdown body, rendered by the server's own pipeline (the public site's
// HTML, sanitised there), debounced so typing does not send a request per key.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useId, type Ref } from 'react'
import { errorText } from '#client/lib/api'
import { previewQuery } from '#client/lib/editor/api'
import { useDebounced } from '#client/lib/use-debounced'

export const PREVIEW_DEBOUNCE_MS = 400

/** `scrollRef` gets the scrolling box, for the body to keep it at the same place (scroll sync). */
export function EditorPreview({ markdown, scrollRef }: { markdown: string; scrollRef?: Ref<HTMLElement> }) {
  const headingId = useId()
  const source = useDebounced(markdown, PREVIEW_DEBOUNCE_MS)
  const empty = source.trim() === ''
  const preview = useQuery({
    ...previewQuery(source),
    enabled: !empty,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    retry: false,
  })

  let content
  if (empty) content = <p className="help">Nothing to preview yet.</p>
  else if (preview.isError) content = <p className="form-error" role="alert">{`Preview unavailable: ${errorText(preview.error)}`}</p>
  else if (preview.data) {
    // NOTE: the server sanitises this HTML (the same pipeline as saved posts); it is safe to insert.
    content = <div className="prose" dangerouslySetInnerHTML={{ __html: preview.data.html }} />
  } else content = <p className="help">Rendering preview…</p>

  return (
    <section ref={scrollRef} className="editor-preview" tabIndex={0} aria-labelledby={headingId} aria-busy={preview.isFetching || markdown !== source}>
      <h3 id={headingId}>Preview</h3>
      {content}
    </section>
  )
}
