// The sample posts and projects, read from their markdown files by the content import's own
// reader, so they pass the same front matter rules and schemas as a file an owner imports.
import type { PostData } from '#src/contract/post'
import type { ProjectData } from '#src/contract/project'
import { readContentFile } from '#src/features/content-files/read-file'
import { sampleFiles } from './content'

function readSample(now: Date): { posts: PostData[]; projects: ProjectData[] } {
  const posts: PostData[] = []
  const projects: ProjectData[] = []
  for (const { path, text } of sampleFiles) {
    const read = readContentFile(path, text, now)
    if (!('candidate' in read)) throw new Error(`sample content: ${path}: ${JSON.stringify('problems' in read ? read.problems : read.skipped)}`)
    const { candidate } = read
    if (candidate.kind === 'post') posts.push(candidate.data)
    else projects.push(candidate.data)
  }
  return { posts, projects }
}

// NOTE: every file names its status, so the moment they are read at decides nothing but the date
// bounds (2000 to a year from today), which the sample dates, all past, always meet.
export const { posts: seedPosts, projects: seedProjects } = readSample(new Date())
