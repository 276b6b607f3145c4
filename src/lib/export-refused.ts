// The error of both exports (`folio export`, `folio export-content`) when their output directory
// is not theirs to replace; the CLI prints its message and exits 1.

/** The output directory is not ours to replace: the message says what to do instead. */
export class ExportRefused extends Error {
  override name = 'ExportRefused'
}
