// Content files room: uploads imported content names that neither the import nor the site has.
// Not a reason to refuse (the author may upload them next), but worth saying.
import { existsSync } from 'node:fs'
import type { ContentImportSummary } from '#src/contract/content-files'
import type { Candidate } from './read-file'
import { textsOf, uploadOnDisk, uploadsNamedBy, type IncomingUpload } from './uploads'

export function missingUploads(dataDir: string, candidates: Candidate[], incoming: IncomingUpload[]): ContentImportSummary['warnings'] {
  const brought = new Set(incoming.map((u) => u.path))
  const warnings: ContentImportSummary['warnings'] = []
  for (const c of candidates) {
    for (const path of uploadsNamedBy(textsOf(c.data))) {
      if (!brought.has(path) && !existsSync(uploadOnDisk(dataDir, path))) warnings.push({ path: c.file, message: `/${path} is neither in the import nor on the site.` })
    }
  }
  return warnings
}
