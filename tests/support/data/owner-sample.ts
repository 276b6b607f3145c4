// The sample site's posts and projects typed in by an owner: a SEED=none site filled through the
// admin API (the editor's own calls), so a browser test runs on content made the way an owner
// makes it (validated, rendered and stored on save, no seed marks) while its assertions can still
// name the sample's titles and tags.
import { seedPosts, seedProjects } from '#src/seed/sample-content'
import type { TestServer } from '#tests/support/server/server'

/** Creates every sample project, then every post (oldest first, as the seed does). */
export async function addSampleAsOwner(server: TestServer): Promise<void> {
  const cookie = await server.login()
  const create = async (path: string, body: unknown) => {
    const res = await server.request('POST', path, { body, cookie })
    if (res.status !== 201) throw new Error(`${path} answered ${res.status}: ${res.text}`)
  }
  for (const project of seedProjects) await create('/api/admin/projects', project)
  for (const post of seedPosts) await create('/api/admin/posts', post)
}
