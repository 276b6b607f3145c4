// Plain links, no client router (decision 066): a list island answers links to its own page in
// place (client/site/islands/list-url.ts); any other page loads.
export function TagList({ tags, hrefFor }: { tags: string[]; hrefFor?: (tag: string) => string }) {
  if (!tags.length) return null
  return (
    <ul className="tags" aria-label="Tags">
      {tags.map((t) => (
        <li key={t}>
          {hrefFor ? (
            <a href={hrefFor(t)} className="tag">
              {t}
            </a>
          ) : (
            <span className="tag">{t}</span>
          )}
        </li>
      ))}
    </ul>
  )
}
