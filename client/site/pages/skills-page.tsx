// /skills: search by name and a category filter over the loaded list (kept in the URL as ?search=
// and ?bucket= so the server renders the same view), level bars, related projects, quick links.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import * as paths from '#src/contract/paths'
import type { Skill } from '#src/contract/skill'
import { errorText } from '#client/lib/api'
import { useSite, useSiteData } from '#client/lib/site-context'
import { skillsQuery } from '#client/lib/site-data'
import { ProjectTagLinks } from '../components/project-tag-links'
import { SkillCard } from '../components/skill-card'
import { SkillsFilters } from '../components/skills-filters'

/** How long typing rests before the URL follows (the list itself filters on every keystroke). */
export const URL_DELAY_MS = 300

// Plain code-unit order, not localeCompare: the server's and the browser's ICU must not disagree.
const byName = (a: string, b: string) => {
  const x = a.toLowerCase()
  const y = b.toLowerCase()
  return x < y ? -1 : x > y ? 1 : 0
}
export const sortedBuckets = (skills: Skill[]) => [...new Set(skills.map((s) => s.bucket))].sort(byName)

/**
 * Skills by bucket, buckets in the order their first skill comes (the owner's order), skills in
 * theirs: the page reads as a few short groups, not 26 cards (issue 22).
 */
export function byBucket(skills: Skill[]): { bucket: string; skills: Skill[] }[] {
  const groups = new Map<string, Skill[]>()
  for (const skill of skills) groups.set(skill.bucket, [...(groups.get(skill.bucket) ?? []), skill])
  return [...groups].map(([bucket, list]) => ({ bucket, skills: list }))
}

/** An id-safe form of a bucket's name, for its heading. */
const slugOf = (bucket: string) => bucket.toLowerCase().replace(/[^a-z0-9]+/g, '-')

export function filterSkills(skills: Skill[], search: string, bucket: string): Skill[] {
  const text = search.trim().toLowerCase()
  const cat = bucket.toLowerCase()
  return skills.filter((s) => (!text || s.name.toLowerCase().includes(text)) && (!cat || s.bucket.toLowerCase() === cat))
}

/**
 * The search text: instant in the page, written to the URL once typing rests. A chosen category
 * goes to the URL at once, as a new history entry.
 */
function useSkillsFilters(urlSearch: string, bucket: string) {
  const [, navigate] = useLocation()
  const [text, setText] = useState(urlSearch)
  const written = useRef(urlSearch)

  // The URL changed under us (back/forward, a link): show what it says.
  useEffect(() => {
    if (urlSearch !== written.current) {
      written.current = urlSearch
      setText(urlSearch)
    }
  }, [urlSearch])

  useEffect(() => {
    const next = text.trim()
    if (next === urlSearch) return
    const timer = setTimeout(() => {
      written.current = next
      navigate(paths.skills({ search: next, bucket }), { replace: true })
    }, URL_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, urlSearch, bucket, navigate])

  const chooseBucket = (next: string) => {
    written.current = text.trim()
    navigate(paths.skills({ search: written.current, bucket: next }))
  }
  return { text, setText, chooseBucket }
}

export function SkillsPage() {
  const params = new URLSearchParams(useSearch())
  const urlSearch = params.get('search')?.trim() ?? ''
  const urlBucket = params.get('bucket')?.trim() ?? ''
  const { text, setText, chooseBucket } = useSkillsFilters(urlSearch, urlBucket)
  const query = useQuery(skillsQuery(useSiteData()))
  const site = useSite()

  const skills = query.data ?? []
  const buckets = sortedBuckets(skills)
  const bucket = buckets.find((b) => b.toLowerCase() === urlBucket.toLowerCase()) ?? urlBucket
  const shown = filterSkills(skills, text, bucket)

  return (
    <div className="page skills-page">
      <header className="page-header">
        <h1>Skills</h1>
        {site.intros.skills && <p className="lede">{site.intros.skills}</p>}
      </header>
      <ProjectTagLinks tags={site.quickTags} />
      <SkillsFilters search={text} bucket={bucket} buckets={buckets} onSearch={setText} onBucket={chooseBucket} />
      {query.isPending ? (
        <p role="status">Loading…</p>
      ) : query.isError ? (
        <p role="alert" className="error">
          Could not load skills: {errorText(query.error)}
        </p>
      ) : (
        <>
          <p className="skills-count" role="status">
            {shown.length === skills.length ? `${skills.length} skills` : `${shown.length} of ${skills.length} skills`}
          </p>
          {shown.length === 0 ? (
            <p className="empty">No skills match your filters.</p>
          ) : (
            byBucket(shown).map((group) => (
              <section key={group.bucket} className="skill-group" aria-labelledby={`skills-${slugOf(group.bucket)}`}>
                <h2 id={`skills-${slugOf(group.bucket)}`} className="skill-group-heading">
                  {group.bucket}
                </h2>
                <ul className="skill-grid">
                  {group.skills.map((s) => (
                    <li key={s.name}>
                      <SkillCard skill={s} />
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
        </>
      )}
    </div>
  )
}
