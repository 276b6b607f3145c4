import * as paths from '#src/contract/paths'

type Props = {
  search: string
  bucket: string
  buckets: string[]
  onSearch: (text: string) => void
  onBucket: (bucket: string) => void
}

/**
 * Search by name and the category filter of /skills. With JavaScript both apply as you type or
 * choose; without it the GET form (and its Apply button) reaches the server-rendered filtered page.
 * NOTE: fixed ids, not useId: the island hydrates with Preact, whose ids differ from React's.
 */
export function SkillsFilters({ search, bucket, buckets, onSearch, onBucket }: Props) {
  const searchId = 'skills-search'
  const bucketId = 'skills-bucket'
  // A bucket from the URL that no skill has any more stays selectable, so the form tells the truth.
  const options = bucket && !buckets.includes(bucket) ? [...buckets, bucket] : buckets

  return (
    <form className="skills-filters" role="search" action={paths.skills()} method="get" onSubmit={(e) => e.preventDefault()}>
      <div className="field">
        <label htmlFor={searchId}>Search skills</label>
        <input id={searchId} type="search" name="search" value={search} onChange={(e) => onSearch(e.target.value)} maxLength={100} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor={bucketId}>Category</label>
        <select id={bucketId} name="bucket" value={bucket} onChange={(e) => onBucket(e.target.value)}>
          <option value="">All</option>
          {options.map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button skills-apply">
        Apply
      </button>
    </form>
  )
}
