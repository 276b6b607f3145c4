import { Link } from 'wouter'

export function TagList({ tags, hrefFor }: { tags: string[]; hrefFor?: (tag: string) => string }) {
  if (!tags.length) return null
  return (
    <ul className="tags" aria-label="Tags">
      {tags.map((t) => (
        <li key={t}>{hrefFor ? <Link href={hrefFor(t)} className="tag">{t}</Link> : <span className="tag">{t}</span>}</li>
      ))}
    </ul>
  )
}
