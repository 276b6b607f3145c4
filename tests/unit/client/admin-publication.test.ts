import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Post } from '#src/contract/post'
import { fromUtcInput, toUtcInput } from '#client/lib/editor/utc-input'
import { emptyPostForm, parsePostForm, postToForm } from '#client/features/posts/post-form'
import { emptyProjectForm, parseProjectForm } from '#client/features/projects/project-form'
import { publicationInput, publicationLabel, publicationToForm } from '#client/lib/editor/publication-form'

describe('datetime-local text read as UTC', () => {
  // The conversions must ignore the machine's zone: run them far from UTC.
  const zone = process.env.TZ
  beforeAll(() => {
    process.env.TZ = 'Pacific/Auckland'
  })
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ
    else process.env.TZ = zone
  })

  test.each([
    ['2026-03-05T14:05:00.000Z', '2026-03-05T14:05'],
    ['2026-03-05T14:05:09.000Z', '2026-03-05T14:05:09'],
    ['2026-03-05T14:05:09.250Z', '2026-03-05T14:05:09.250'],
    // An offset is the same instant: the field shows UTC's clock, the next day here.
    ['2025-12-31T22:30:00-02:00', '2026-01-01T00:30'],
    ['', ''],
    ['soon', ''],
    [undefined, ''],
  ])('shows %p in the field as %p', (iso, text) => {
    expect(toUtcInput(iso)).toBe(text)
  })

  test.each([
    ['2026-03-05T14:05', '2026-03-05T14:05:00.000Z'],
    ['2026-03-05T14:05:09', '2026-03-05T14:05:09.000Z'],
    ['2026-03-05T14:05:09.5', '2026-03-05T14:05:09.500Z'],
    ['2024-02-29T00:00', '2024-02-29T00:00:00.000Z'],
  ])('reads %p as the UTC instant %p, whatever the machine time zone', (text, iso) => {
    expect(fromUtcInput(text)).toBe(iso)
  })

  test.each(['', '2026-03-05', '2026-03-05 14:05Z', '2025-02-29T10:00', '2026-13-01T00:00', '2026-03-05T24:00', '2026-03-05T14:60'])('finds no moment in %p', (text) => {
    expect(fromUtcInput(text)).toBeNull()
  })

  test('gives back the instant it was shown', () => {
    for (const iso of ['2026-03-05T14:05:00.000Z', '2030-07-01T00:00:59.999Z']) expect(fromUtcInput(toUtcInput(iso))).toBe(iso)
  })
})

describe('publication fields', () => {
  test('keep the publish time of a scheduled item only', () => {
    expect(publicationToForm({ status: 'scheduled', publishAt: '2026-03-05T14:05:00.000Z' })).toEqual({ status: 'scheduled', publishAt: '2026-03-05T14:05' })
    expect(publicationToForm({ status: 'published', publishAt: '2026-03-05T14:05:00.000Z' })).toEqual({ status: 'published', publishAt: '' })
  })

  test('send the time only with "scheduled", and pass a text that is no date on for the schema to name', () => {
    expect(publicationInput({ status: 'draft', publishAt: '2026-03-05T14:05' })).toEqual({ status: 'draft', publishAt: '' })
    expect(publicationInput({ status: 'scheduled', publishAt: '2026-03-05T14:05' })).toEqual({ status: 'scheduled', publishAt: '2026-03-05T14:05:00.000Z' })
    expect(publicationInput({ status: 'scheduled', publishAt: 'tomorrow' })).toEqual({ status: 'scheduled', publishAt: 'tomorrow' })
  })

  test.each([
    ['draft', { status: 'draft' as const }, 'Draft'],
    ['scheduled', { status: 'scheduled' as const, publishAt: '2026-03-05T14:05:00.000Z' }, 'Scheduled for 5 Mar 2026, 14:05 UTC'],
    ['published', { status: 'published' as const }, null],
  ])('labels a %s item in the lists as %p', (_, item, label) => {
    expect(publicationLabel(item)).toBe(label)
  })
})

describe('post and project forms with publication', () => {
  const validPost = { ...emptyPostForm, title: 'On GPUs', summary: 'Notes on kernels.', bodyMD: 'A body that is long enough to pass.' }
  const validProject = { ...emptyProjectForm, title: 'Scopelet', summary: 'A tiny oscilloscope.', bodyMD: 'A body that is long enough to pass.' }

  // Issue 20: a new item starts as Draft, so the first Save never publishes by surprise.
  test('a new post is a draft, without a table of contents, unless chosen otherwise', () => {
    const result = parsePostForm(validPost)
    expect(result.ok && [result.payload.status, result.payload.toc, 'publishAt' in result.payload]).toEqual(['draft', false, false])
    const chosen = parsePostForm({ ...validPost, status: 'scheduled', publishAt: '2026-03-05T14:05', toc: 'true' })
    expect(chosen.ok && chosen.payload).toMatchObject({ status: 'scheduled', publishAt: '2026-03-05T14:05:00.000Z', toc: true })
  })

  test.each([
    ['post', () => parsePostForm({ ...validPost, status: 'scheduled' })],
    ['project', () => parseProjectForm({ ...validProject, status: 'scheduled' })],
  ])('a scheduled %s without a time gets the server message on its publish time', (_, parse) => {
    expect(parse()).toEqual({ ok: false, errors: { publishAt: 'A scheduled item needs a publish time.' } })
  })

  test('a stored post shows its table of contents choice and its status', () => {
    const post: Post = { title: 'T', slug: 't', summary: 'Summary text', tags: [], bodyMD: 'A body that is long enough.', bodyHtml: '', readingMinutes: 1, createdAt: '', updatedAt: '', status: 'draft', toc: true, headings: [] }
    expect(postToForm(post)).toMatchObject({ toc: 'true', status: 'draft', publishAt: '' })
  })
})
