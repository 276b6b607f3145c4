// The /skills island (decision 066): the search box, the category filter and the cards they
// narrow. The server renders it for the filters in the URL (so the plain GET form works without
// JavaScript); in the browser it filters as you type and keeps the URL in step with history's
// own API, with no router (entry.ts counts each change of address as a page view).
import { useEffect, useRef, useState } from 'react'
import * as paths from '#src/contract/paths'
import type { Skill } from '#src/contract/skill'
import { SkillCard } from '../components/skill-card'
import { SkillsFilters } from '../components/skills-filters'
import { byBucket, filterSkills, filtersOf, matchBucket, slugOf, sortedBuckets, URL_DELAY_MS } from './skills-filter'

/** `search` and `bucket`: the filters of the address the page was rendered for. */
export type SkillsListProps = { skills: Skill[]; search: string; bucket: string }

/**
 * The search text: instant in the list, written to the URL (replacing the entry) once typing
 * rests. A chosen category goes to the URL at once, as a new history entry; back and forward
 * show what the address says.
 */
function useSkillsFilters(search: string, initialBucket: string) {
  const [text, setText] = useState(search)
  const [bucket, setBucket] = useState(initialBucket)
  // The search the address holds now, so typing back to it writes nothing.
  const written = useRef(search)

  useEffect(() => {
    const follow = () => {
      const now = filtersOf(location.search)
      written.current = now.search
      setText(now.search)
      setBucket(now.bucket)
    }
    window.addEventListener('popstate', follow)
    return () => window.removeEventListener('popstate', follow)
  }, [])

  useEffect(() => {
    const next = text.trim()
    if (next === written.current) return
    const timer = setTimeout(() => {
      written.current = next
      history.replaceState(history.state, '', paths.skills({ search: next, bucket }))
    }, URL_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, bucket])

  const chooseBucket = (next: string) => {
    written.current = text.trim()
    setBucket(next)
    history.pushState(null, '', paths.skills({ search: written.current, bucket: next }))
  }
  return { text, setText, bucket, chooseBucket }
}

export function SkillsList({ skills, search, bucket: urlBucket }: SkillsListProps) {
  const { text, setText, bucket: wanted, chooseBucket } = useSkillsFilters(search, urlBucket)
  const buckets = sortedBuckets(skills)
  const bucket = matchBucket(buckets, wanted)
  const shown = filterSkills(skills, text, bucket)

  return (
    <>
      <SkillsFilters search={text} bucket={bucket} buckets={buckets} onSearch={setText} onBucket={chooseBucket} />
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
  )
}
