// Content files room: an import of markdown files (folio's export, a Hugo or an Astro folder).
// Every file is checked first and any problem refuses the whole import; then the uploads are put
// in place and every item is written in one transaction: a known slug is updated, a new one
// created, nothing is ever deleted.
import { eq } from 'drizzle-orm'
import type { Db } from '#db/connection'
import { posts, projects } from '#db/schema'
import { CONTENT_IMPORT_LIMITS as LIMITS, type ContentImportSummary } from '#src/contract/content-files'
import type { Clock } from '#src/lib/clock'
import { insertPost, preparePost, writePostUpdate, type PreparedPost } from '#src/features/posts'
import { insertProject, prepareProject, writeProjectUpdate, type PreparedProject } from '#src/features/projects'
import { ImportRefused, type ImportProblem } from './problems'
import { readContentFile, type Candidate } from './read-file'
import { isUploadPath, type SourceFile } from './source'
import { checkUploads, copyUploads, type IncomingUpload } from './uploads'
import { missingUploads } from './upload-warnings'

export type ImportDeps = { db: Db; dataDir: string; clock: Clock }

const utf8 = new TextDecoder('utf-8', { fatal: true })
const mib = (bytes: number) => `${bytes / 1024 / 1024} MiB`

/** Markdown files an import leaves out on purpose, and why. */
function skipReason(path: string): string | null {
  const name = path.split('/').pop()!
  if (/\.mdx$/i.test(name)) return 'MDX (markdown with components) is not imported'
  if (name.startsWith('_')) return 'a section or partial page (its name starts with "_")'
  return null
}

function duplicateSlugs(candidates: Candidate[]): ImportProblem[] {
  const seen = new Map<string, Candidate>()
  const problems: ImportProblem[] = []
  for (const c of candidates) {
    const other = seen.get(`${c.kind}:${c.slug}`)
    if (other) problems.push({ file: c.file, field: 'slug', message: `${other.file} has the same slug ("${c.slug}").`, code: 'duplicate_slug' })
    else seen.set(`${c.kind}:${c.slug}`, c)
  }
  return problems
}

type Read = { candidates: Candidate[]; uploads: IncomingUpload[]; problems: ImportProblem[]; skipped: ContentImportSummary['skipped'] }

function readAll(files: SourceFile[], now: Date): Read {
  const read: Read = { candidates: [], uploads: [], problems: [], skipped: [] }
  const tooLarge = (file: SourceFile, limit: number) => read.problems.push({ file: file.path, message: `The file is larger than ${mib(limit)}.`, code: 'too_large' })
  for (const file of files) {
    if (isUploadPath(file.path)) {
      if (file.size > LIMITS.uploadBytes) tooLarge(file, LIMITS.uploadBytes)
      else read.uploads.push(file)
      continue
    }
    const skip = skipReason(file.path)
    if (skip) {
      read.skipped.push({ path: file.path, reason: skip })
      continue
    }
    if (file.size > LIMITS.markdownBytes) {
      tooLarge(file, LIMITS.markdownBytes)
      continue
    }
    let text: string
    try {
      text = utf8.decode(file.read())
    } catch {
      read.problems.push({ file: file.path, message: 'The file is not UTF-8 text.', code: 'not_utf8' })
      continue
    }
    const result = readContentFile(file.path, text, now)
    if ('skipped' in result) read.skipped.push({ path: file.path, reason: result.skipped })
    else if ('problems' in result) read.problems.push(...result.problems)
    else read.candidates.push(result.candidate)
  }
  read.problems.push(...duplicateSlugs(read.candidates))
  return read
}

type Prepared = { candidate: Candidate; post?: PreparedPost; project?: PreparedProject }

/** Checks every file, then writes; throws ImportRefused (nothing written) when any file has a problem. */
export async function importContent({ db, dataDir, clock }: ImportDeps, files: SourceFile[]): Promise<ContentImportSummary> {
  if (!files.length) throw new ImportRefused('Nothing to import: no markdown files and no uploads were found.')
  const read = readAll(files, clock.now())
  const uploads = checkUploads(dataDir, read.uploads)
  const problems = [...read.problems, ...uploads.problems]
  if (problems.length) {
    const count = new Set(problems.map((p) => p.file)).size
    throw new ImportRefused(`Nothing was imported: ${problems.length} problem${problems.length === 1 ? '' : 's'} in ${count} file${count === 1 ? '' : 's'}.`, problems)
  }
  // Markdown is rendered (the slow half of a write) before the transaction opens.
  const prepared: Prepared[] = []
  for (const candidate of read.candidates) {
    if (candidate.kind === 'post') prepared.push({ candidate, post: await preparePost(candidate.data) })
    else prepared.push({ candidate, project: await prepareProject(candidate.data) })
  }
  // Uploads first: content in place never names an image that is not there yet.
  copyUploads(dataDir, uploads.toCopy)
  const summary: ContentImportSummary = {
    posts: { created: 0, updated: 0 },
    projects: { created: 0, updated: 0 },
    uploads: { copied: uploads.toCopy.length, unchanged: uploads.unchanged },
    skipped: read.skipped,
    warnings: missingUploads(dataDir, read.candidates, read.uploads),
  }
  db.transaction(
    (tx) => {
      for (const { candidate: c, post, project } of prepared) {
        if (post) {
          const known = tx.select({ id: posts.id }).from(posts).where(eq(posts.slug, c.slug)).get()
          if (known) writePostUpdate(tx, c.slug, post, clock, c.dates)
          else insertPost(tx, post, clock, c.dates)
          summary.posts[known ? 'updated' : 'created']++
        } else if (project) {
          const known = tx.select({ id: projects.id }).from(projects).where(eq(projects.slug, c.slug)).get()
          if (known) writeProjectUpdate(tx, c.slug, project, clock, c.dates)
          else insertProject(tx, project, clock, c.dates)
          summary.projects[known ? 'updated' : 'created']++
        }
      }
    },
    { behavior: 'immediate' },
  )
  return summary
}
