// A failed action, shown where it failed: the screen's message, then the server's lines.
import type { Failure } from '#client/lib/editor/editor-form'

export function EditorAlert({ failure }: { failure: Failure | null }) {
  if (!failure) return null
  const lines = failure.lines.filter((line) => line && line !== failure.title)
  return (
    <div className="form-error editor-alert" role="alert">
      <p>{failure.title}</p>
      {lines.length > 0 && (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
