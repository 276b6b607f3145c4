// Issue 32: every single-line text the owner writes (settings, post and project titles and
// summaries, tags, roles, link and metric labels, skill names and buckets, passkey names) is
// stored without control characters or bidi overrides; bodies keep their lines.
import { describe, expect, test } from 'bun:test'
import { PasskeyNameInput } from '#src/contract/auth'
import { SettingsPatch } from '#src/contract/owner/settings'
import { PostInput } from '#src/contract/post'
import { ProjectInput } from '#src/contract/project'
import { LexiconCreateInput, OverrideInput, OverrideName } from '#src/contract/skill'

const DIRT = '\u0007\u202E\u2066'
const dirty = (text: string) => `${DIRT}${text.slice(0, 3)}\u0000${text.slice(3)}\u2069\u009b`
const post = { title: 'A post title', summary: 'A summary long enough.', bodyMD: 'A body that is long enough to be a post.' }
const project = { title: 'A project', summary: 'A summary long enough.', bodyMD: 'A body that is long enough to be a project.' }

const parsed = <T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: unknown } }, input: unknown): T => {
  const result = schema.safeParse(input)
  if (!result.success) throw new Error(`refused: ${JSON.stringify(result.error)}`)
  return result.data
}

describe('single-line owner text is stored clean', () => {
  const settings = ['siteName', 'tagline', 'heroTitle', 'heroSubtitle', 'seoTitle', 'seoDescription'] as const
  test.each(settings)('settings %s', (field) => {
    expect(parsed(SettingsPatch, { [field]: dirty('Rowan Hale') })[field]).toBe('Rowan Hale')
  })
  test('settings intros and quick tags', () => {
    const out = parsed(SettingsPatch, { intros: { blog: dirty('Notes on things') }, quickTags: [dirty('rust')] })
    expect([out.intros?.blog, out.quickTags]).toEqual(['Notes on things', ['rust']])
  })

  test.each(['title', 'summary'] as const)('post %s', (field) => {
    expect(parsed(PostInput, { ...post, [field]: dirty(post[field]) })[field]).toBe(post[field])
  })
  test('post tags, as a list and as the form\'s text', () => {
    expect(parsed(PostInput, { ...post, tags: [dirty('rust'), 'go'] }).tags).toEqual(['rust', 'go'])
    expect(parsed(PostInput, { ...post, tags: `${dirty('rust')}, go` }).tags).toEqual(['rust', 'go'])
  })

  test('project title, summary, role, tags, link labels and metrics', () => {
    const out = parsed(ProjectInput, {
      ...project,
      title: dirty(project.title),
      summary: dirty(project.summary),
      role: dirty('Lead developer'),
      tags: [dirty('embedded')],
      demoLinks: { [dirty('Live demo')]: 'https://example.com' },
      metrics: { [dirty('Users')]: dirty('1,200') },
    })
    expect([out.title, out.summary, out.role, out.tags]).toEqual([project.title, project.summary, 'Lead developer', ['embedded']])
    expect(out.demoLinks).toEqual({ 'Live demo': 'https://example.com' })
    expect(out.metrics).toEqual({ Users: '1,200' })
  })

  test('skill names and buckets', () => {
    expect(parsed(LexiconCreateInput, { name: dirty('TypeScript'), bucket: dirty('Languages') })).toMatchObject({ name: 'TypeScript', bucket: 'Languages' })
    expect(parsed(OverrideName, dirty('TypeScript'))).toBe('TypeScript')
    expect(parsed(OverrideInput, { bucketOverride: dirty('Tools') }).bucketOverride).toBe('Tools')
  })

  test('passkey names (the same helper)', () => {
    expect(parsed(PasskeyNameInput, { name: dirty('My laptop') }).name).toBe('My laptop')
  })

  test('a text of nothing but controls is empty, so a required one is refused', () => {
    expect(PostInput.safeParse({ ...post, title: DIRT }).success).toBe(false)
    expect(SettingsPatch.safeParse({ siteName: DIRT }).success).toBe(false)
  })
})

describe('bodies keep their lines', () => {
  test('a post body keeps tabs and line breaks, loses other controls and bidi overrides', () => {
    const bodyMD = 'First line\u0007 here.\r\n\r\n\tcode\u202E()\n\nLast\u2066 line.'
    expect(parsed(PostInput, { ...post, bodyMD }).bodyMD).toBe('First line here.\n\n\tcode()\n\nLast line.')
  })
  test('the settings about keeps its paragraphs', () => {
    expect(parsed(SettingsPatch, { about: 'Hi\u202E.\n\nSecond\u0000 paragraph.' }).about).toBe('Hi.\n\nSecond paragraph.')
  })
})
