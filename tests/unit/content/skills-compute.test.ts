import { describe, expect, test } from 'bun:test'
import type { LexiconItem, SkillOverride } from '#src/contract/skill'
import { computeSkills, patternMatcher, skillLevel, type SkillSource } from '#src/features/skills/compute'

let n = 0
const item = (overrides: Partial<LexiconItem> = {}): LexiconItem => {
  n += 1
  return { _id: `id-${n}`, name: `Skill ${n}`, bucket: 'General', patterns: [], tagHints: [], enabled: true, order: n * 10, ...overrides }
}
const project = (overrides: Partial<SkillSource> = {}): SkillSource => {
  n += 1
  return { slug: `p-${n}`, title: `Project ${n}`, summary: 'A plain summary.', bodyMD: 'A plain body.', tags: [], order: n, ...overrides }
}
const override = (overrides: Partial<SkillOverride> & { name: string }): SkillOverride => ({ levelOverride: null, bucketOverride: null, hide: false, ...overrides })
const only = (lexicon: LexiconItem[], projects: SkillSource[], overrides: SkillOverride[] = []) => {
  const skills = computeSkills(lexicon, projects, overrides)
  expect(skills).toHaveLength(1)
  return skills[0]!
}

describe('skillLevel', () => {
  test.each([
    [0, 20],
    [0.5, 30],
    [1, 40],
    [1.5, 50],
    [2, 60],
    [3.5, 90],
    [4, 100],
    [9, 100],
  ])('turns a score of %p into level %p', (score, level) => {
    expect(skillLevel(score)).toBe(level)
  })
})

describe('patternMatcher', () => {
  test.each([
    ['react', 'Built with React.', true],
    ['react', 'A reactive interface', false],
    ['react', 'Written in Preact', false],
    ['react', 'Uses react-native for mobile', true],
    ['c++', 'Written in C++ and Rust', true],
    ['c++', 'Ends with c++', true],
    ['c++', 'Targets C++17', false],
    ['c#', 'Services in C# and F#', true],
    ['node.js', 'A Node.js server', true],
    ['node.js', 'A nodexjs server', false],
    ['.net', 'Built on .NET 8', true],
    ['.net', 'Built on ASP.NET', false],
    ['machine learning', 'Machine Learning pipelines', true],
    ['machine learning', 'machine-learning pipelines', false],
    ['fpga', 'Two FPGAs on a board', false],
    ['café', 'Le CAFÉ du coin', true],
    ['go', 'A gopher ago', false],
    ['(a|b)', 'matches a', false],
    ['(a|b)', 'the text (a|b) itself', true],
  ])('pattern %p against %p matches: %p', (pattern, text, expected) => {
    expect(patternMatcher(pattern)!.test(text)).toBe(expected)
  })

  test('treats a blank pattern as no pattern', () => {
    expect(patternMatcher('   ')).toBeNull()
  })
})

describe('computeSkills matching', () => {
  test('gives level 20 and no related projects when nothing matches', () => {
    const skill = only([item({ name: 'Rust', bucket: 'Languages', patterns: ['rust'] })], [project()])
    expect(skill).toEqual({ name: 'Rust', level: 20, bucket: 'Languages', relatedProjects: [] })
  })

  test('counts a tag hint match as 1, case-insensitively', () => {
    const p = project({ tags: ['VERILOG'] })
    expect(only([item({ name: 'HDL', tagHints: ['verilog'] })], [p])).toMatchObject({ level: 40, relatedProjects: [{ slug: p.slug, title: p.title }] })
  })

  test('counts the item name as a tag hint', () => {
    expect(only([item({ name: 'React' })], [project({ tags: [' react '] })]).level).toBe(40)
  })

  test.each(['title', 'summary', 'bodyMD'] as const)('counts a text match in the %s as 0.5', (field) => {
    const p = project({ [field]: 'This uses CUDA heavily.' })
    expect(only([item({ name: 'GPU', patterns: ['cuda'] })], [p]).level).toBe(30)
  })

  test('counts a project matching by tag and text once, as a tag match', () => {
    const p = project({ tags: ['CUDA'], bodyMD: 'CUDA kernels and more CUDA.' })
    expect(only([item({ name: 'CUDA', patterns: ['cuda'] })], [p]).level).toBe(40)
  })

  test('sums tag and text matches across projects', () => {
    const lexicon = [item({ name: 'Solidity', patterns: ['solidity'] })]
    const projects = [project({ tags: ['Solidity'] }), project({ tags: ['solidity'] }), project({ title: 'A Solidity vault' }), project()]
    expect(only(lexicon, projects).level).toBe(70)
  })

  // The quick substring check before each regex must never lose a match the regex alone finds.
  test.each([
    ['SQLITE in capitals', 'sqlite', 30],
    ['a long s: \u017fqlite', 'sqlite', 30],
    ['the Kelvin sign: \u212aiCad', 'kicad', 30],
    ['Straße', 'strasse', 20],
    ['non-ASCII pattern: Ångström units', 'ångström', 30],
    ['sqlite3 is not the word', 'sqlite', 20],
  ])('matches text as the regex does: %s', (text, pattern, level) => {
    expect(only([item({ name: 'S', patterns: [pattern] })], [project({ bodyMD: text })]).level).toBe(level)
  })

  test('caps the level at 100', () => {
    const projects = Array.from({ length: 6 }, () => project({ tags: ['FPGA'] }))
    expect(only([item({ name: 'FPGA' })], projects).level).toBe(100)
  })

  test('ignores blank patterns and blank tag hints instead of matching everything', () => {
    expect(only([item({ name: 'Zig', patterns: [''], tagHints: [''] })], [project({ tags: [''] })]).level).toBe(20)
  })

  test('lists related projects in display order (order descending) with slug and title', () => {
    const low = project({ order: 1, tags: ['Go'] })
    const high = project({ order: 5, tags: ['Go'] })
    const none = project({ order: 3 })
    const noSlug = project({ order: 4, slug: undefined, tags: ['go'] })
    const skill = only([item({ name: 'Go' })], [low, none, high, noSlug])
    expect(skill.relatedProjects).toEqual([{ slug: high.slug, title: high.title }, { title: noSlug.title }, { slug: low.slug, title: low.title }])
  })
})

describe('computeSkills lexicon', () => {
  test('skips disabled items', () => {
    const skills = computeSkills([item({ name: 'On' }), item({ name: 'Off', enabled: false })], [], [])
    expect(skills.map((s) => s.name)).toEqual(['On'])
  })

  test('orders skills by lexicon order ascending whatever the input order', () => {
    const skills = computeSkills([item({ name: 'Third', order: 30 }), item({ name: 'First', order: 5 }), item({ name: 'Second', order: 20 })], [], [])
    expect(skills.map((s) => s.name)).toEqual(['First', 'Second', 'Third'])
  })

  test('keeps only the first item in lexicon order when two share a name', () => {
    const skills = computeSkills([item({ name: 'react', bucket: 'Late', order: 20 }), item({ name: 'React', bucket: 'Early', order: 10 })], [], [])
    expect(skills).toEqual([{ name: 'React', level: 20, bucket: 'Early', relatedProjects: [] }])
  })
})

describe('computeSkills overrides', () => {
  const lexicon = () => [item({ name: 'CUDA', bucket: 'GPU' })]
  const projects = () => [project({ tags: ['cuda'] })]

  test.each([
    [75, 75],
    [150, 100],
    [-5, 0],
    [55.6, 56],
    [0, 0],
  ])('replaces the level with an override of %p, clamped to %p', (levelOverride, level) => {
    expect(only(lexicon(), projects(), [override({ name: 'CUDA', levelOverride })]).level).toBe(level)
  })

  test('replaces the bucket with a bucket override', () => {
    expect(only(lexicon(), projects(), [override({ name: 'CUDA', bucketOverride: 'Languages' })])).toMatchObject({ bucket: 'Languages', level: 40 })
  })

  test('keeps the computed level and bucket when the override fields are null or blank', () => {
    expect(only(lexicon(), projects(), [override({ name: 'CUDA', bucketOverride: ' ' })])).toMatchObject({ bucket: 'GPU', level: 40 })
  })

  test('removes a hidden skill', () => {
    expect(computeSkills(lexicon(), projects(), [override({ name: 'CUDA', hide: true, levelOverride: 90 })])).toEqual([])
  })

  test('matches override names case-insensitively', () => {
    expect(only(lexicon(), projects(), [override({ name: ' cuda ', levelOverride: 90 })]).level).toBe(90)
  })

  test('ignores an override naming no lexicon item, or a disabled one', () => {
    const items = [...lexicon(), item({ name: 'Off', enabled: false })]
    const skills = computeSkills(items, projects(), [override({ name: 'Vue', levelOverride: 90 }), override({ name: 'Off', levelOverride: 90 })])
    expect(skills.map((s) => [s.name, s.level])).toEqual([['CUDA', 40]])
  })
})
