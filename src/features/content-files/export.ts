// Content files room: every post and project (drafts and scheduled ones too) as a markdown file,
// with the uploads they name, for a folder (`folio export-content`) or a zip (the admin).
import { strToU8, zipSync, type Zippable } from 'fflate'
import { existsSync, readFileSync } from 'node:fs'
import type { Db } from '#db/connection'
import { listFullPosts } from '#src/features/posts'
import { listFullProjects } from '#src/features/projects'
import { postFile, projectFile } from './to-file'
import { textsOf, uploadOnDisk, uploadsNamedBy } from './uploads'

/** A file of the export: markdown text, or an upload copied from the data directory. */
export type ExportFile = { path: string; text: string } | { path: string; source: string }
/** `missing`: uploads the content names that the data directory does not have. */
export type ContentExport = { files: ExportFile[]; posts: number; projects: number; uploads: number; missing: string[] }

export function collectContent(db: Db, dataDir: string, now: Date): ContentExport {
  const at = now.toISOString()
  const posts = listFullPosts(db, at)
  const projects = listFullProjects(db, at)
  const files: ExportFile[] = [
    ...posts.map((p) => ({ path: `posts/${p.slug}.md`, text: postFile(p) })),
    ...projects.map((p) => ({ path: `projects/${p.slug}.md`, text: projectFile(p) })),
  ]
  const missing: string[] = []
  let uploads = 0
  for (const path of uploadsNamedBy([...posts, ...projects].flatMap(textsOf))) {
    const source = uploadOnDisk(dataDir, path)
    if (!existsSync(source)) {
      missing.push(`/${path}`)
      continue
    }
    files.push({ path, source })
    uploads++
  }
  files.sort((a, b) => (a.path < b.path ? -1 : 1))
  return { files, posts: posts.length, projects: projects.length, uploads, missing: missing.sort() }
}

/** The export as one zip: markdown deflated, images (compressed already) stored. */
export function contentZip(content: ContentExport, mtime: Date): Uint8Array<ArrayBuffer> {
  const entries: Zippable = {}
  for (const file of content.files) {
    entries[file.path] = 'text' in file ? [strToU8(file.text), { level: 6 }] : [readFileSync(file.source), { level: 0 }]
  }
  // fflate allocates its own ArrayBuffer; its types do not say so.
  return zipSync(entries, { mtime }) as Uint8Array<ArrayBuffer>
}
