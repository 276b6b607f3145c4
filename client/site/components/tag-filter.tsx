import type { TagGroups } from '../pages/blog-filters'
import { MoreTags } from './more-tags'

type Props = {
  groups: TagGroups
  active?: string
  /** Where picking a tag goes; picking the active one again clears it (the caller decides). */
  hrefFor: (tag: string) => string
  /** The small-screen dropdown's choice; undefined for 'Filter by tag…' itself. */
  onSelect: (tag: string | undefined) => void
}

/** NOTE: a fixed id, not useId: React (server) and Preact (browser) would make different ones. */
const SELECT_ID = 'blog-tag-select'

/**
 * Tag filters of the blog list. The chips are links: they work without JavaScript, and the blog
 * island answers them in place (client/site/islands/list-url.ts). Both forms are always rendered
 * (server and browser markup agree) and CSS shows one: chips plus 'More tags…' from 768 px (and
 * without JavaScript), one 'Filter by tag…' dropdown below.
 */
export function TagFilter({ groups, active, hrefFor, onSelect }: Props) {
  const activeElsewhere = active !== undefined && !groups.chips.includes(active)
  const chip = (tag: string, isActive: boolean) => (
    <a href={hrefFor(tag)} className="chip tag-chip" aria-current={isActive ? 'true' : undefined}>
      {tag}
    </a>
  )
  const options = active !== undefined && !groups.all.includes(active) ? [...groups.all, active] : groups.all

  return (
    <div className="tag-filter">
      <ul className="tag-chips" aria-label="Tags">
        {groups.chips.map((t) => (
          <li key={t}>
            {chip(t, t === active)}
          </li>
        ))}
        {activeElsewhere && (
          <li>
            {chip(active, true)}
          </li>
        )}
      </ul>
      {groups.more.length > 0 && <MoreTags tags={groups.more} active={active} hrefFor={hrefFor} />}
      <div className="tag-select">
        <label htmlFor={SELECT_ID} className="visually-hidden">
          Filter by tag…
        </label>
        <select id={SELECT_ID} value={active ?? ''} onChange={(e) => onSelect(e.target.value || undefined)}>
          <option value="">Filter by tag…</option>
          {options.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
