// What an import did (created, updated, copied, skipped, warnings), or why it wrote nothing.
import type { ErrorDetail } from '#src/contract/errors'
import type { ContentImportSummary } from './api'

const counted = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

export function importSummaryText(s: ContentImportSummary): string {
  const kind = (c: { created: number; updated: number }, name: string) => `${name}: ${c.created} created, ${c.updated} updated`
  const uploads = `images: ${s.uploads.copied} copied, ${s.uploads.unchanged} already there`
  return `Imported. ${kind(s.posts, 'Posts')}; ${kind(s.projects, 'projects')}; ${uploads}.`
}

export function ImportSummary({ summary }: { summary: ContentImportSummary }) {
  const notes = [
    ...summary.skipped.map((s) => ({ key: `s:${s.path}`, path: s.path, text: `skipped: ${s.reason}` })),
    ...summary.warnings.map((w, i) => ({ key: `w:${i}`, path: w.path, text: w.message })),
  ]
  return (
    <div className="content-files-result" role="status">
      <p>{importSummaryText(summary)}</p>
      {notes.length > 0 && (
        <ul className="content-files-notes" aria-label={`${counted(notes.length, 'note')} on the import`}>
          {notes.map((n) => (
            <li key={n.key}>
              <code>{n.path}</code> {n.text}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function ImportProblems({ message, problems }: { message: string; problems: ErrorDetail[] }) {
  return (
    <div className="form-error content-files-result" role="alert">
      <p>{message}</p>
      {problems.length > 0 && (
        <ul className="content-files-problems">
          {problems.map((p, i) => (
            <li key={i}>
              {p.path && <code>{p.path}</code>} {p.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
