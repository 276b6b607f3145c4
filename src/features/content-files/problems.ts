// Content files room: why an import wrote nothing. Every file is checked before anything is
// written, so one refusal carries every problem found, each naming its file (and field).
import type { ErrorDetail } from '#src/contract/errors'

export type ImportProblem = { file: string; field?: string; message: string; code: string }

export class ImportRefused extends Error {
  override name = 'ImportRefused'
  constructor(
    message: string,
    readonly problems: ImportProblem[] = [],
  ) {
    super(message)
  }
}

/** Where a problem is, as the API's `details` and the CLI's lines name it: `posts/a.md: title`. */
export const problemPath = (p: ImportProblem) => (p.field ? `${p.file}: ${p.field}` : p.file)

/** The contract's detail shape: nothing beyond message, code and path. */
export const problemDetail = (p: ImportProblem): ErrorDetail => ({ message: p.message, code: p.code, path: problemPath(p) })
