import type { SnippetPart } from '#src/contract/search'

/** Where a search matched, the matches marked; text only (React escapes it), never markup. */
export function SearchSnippet({ parts }: { parts?: SnippetPart[] }) {
  if (!parts?.length) return null
  return (
    <p className="search-snippet">
      {parts.map((p, i) => (p.hit ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}
    </p>
  )
}
