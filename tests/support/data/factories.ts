// Builders for valid payloads; tests override only what they are about.
import type { PostInput } from '#src/contract/post'
import type { ProjectInput } from '#src/contract/project'

let n = 0
const next = () => ++n

export function projectInput(overrides: Partial<ProjectInput> = {}): ProjectInput {
  const i = next()
  return {
    title: `Test project ${i}`,
    summary: `A summary of test project ${i}.`,
    tags: ['Testing'],
    bodyMD: `## About\n\nThe body of test project number ${i}, long enough.`,
    gallery: [],
    demoLinks: {},
    metrics: { users: 10 },
    ...overrides,
  }
}

export function postInput(overrides: Partial<PostInput> = {}): PostInput {
  const i = next()
  return {
    title: `Test post ${i}`,
    summary: `A summary of test post ${i}.`,
    tags: ['notes'],
    bodyMD: `The body of test post number ${i}, which is long enough to pass.`,
    ...overrides,
  }
}
