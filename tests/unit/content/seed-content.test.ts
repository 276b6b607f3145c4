import { describe, expect, test } from 'bun:test'
import { seedLexicon } from '#src/seed/lexicon'
import { seedPosts, seedProjects } from '#src/seed/sample-content'
import { PostInput } from '#src/contract/post'
import { ProjectInput } from '#src/contract/project'

describe('sample content', () => {
  test('every sample project and post passes the same validation as the API', () => {
    for (const p of seedProjects) expect(ProjectInput.safeParse(p).success).toBe(true)
    for (const p of seedPosts) expect(PostInput.safeParse(p).success).toBe(true)
  })

  test('projects cover the quick-link tags and every kind of demo link', () => {
    expect(seedProjects.length).toBeGreaterThanOrEqual(6)
    const tags = new Set(seedProjects.flatMap((p) => p.tags as string[]))
    for (const tag of ['MERN', 'Solidity', 'FPGA', 'VHDL', 'Arduino', 'React', 'Node', 'Mongo']) expect(tags).toContain(tag)
    const links = seedProjects.map((p) => (p.demoLinks ?? {}) as Record<string, string>)
    expect(links.some((l) => l.embedPath)).toBe(true)
    expect(links.some((l) => /youtube\.com|youtu\.be/.test(l.video ?? ''))).toBe(true)
    expect(links.some((l) => /\.mp4$/.test(l.video ?? ''))).toBe(true)
    for (const p of seedProjects) expect(Object.keys((p.metrics ?? {}) as object).length).toBeGreaterThan(0)
  })

  test('posts span several months, ten tags and code in TypeScript, CUDA or C++, and VHDL', () => {
    expect(seedPosts.length).toBeGreaterThanOrEqual(12)
    expect(new Set(seedPosts.map((p) => p.createdAt?.slice(0, 7))).size).toBeGreaterThanOrEqual(4)
    expect(new Set(seedPosts.flatMap((p) => p.tags as string[])).size).toBeGreaterThanOrEqual(10)
    const bodies = seedPosts.map((p) => p.bodyMD as string)
    for (const fence of [/```ts\b/, /```(cuda|cpp)\b/, /```vhdl\b/]) expect(bodies.some((b) => fence.test(b))).toBe(true)
  })

  test('the lexicon has at least 20 skills in several buckets', () => {
    expect(seedLexicon.length).toBeGreaterThanOrEqual(20)
    expect(new Set(seedLexicon.map((l) => l.bucket)).size).toBeGreaterThanOrEqual(4)
  })
})
