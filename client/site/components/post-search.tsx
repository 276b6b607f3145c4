import { useEffect, useState } from 'react'
import { useDebounced } from '#client/lib/use-debounced'

type Props = {
  /** The search in the URL. */
  value: string
  /** Puts a new search into the URL; called once typing pauses for `debounceMs`. */
  onCommit: (search: string) => void
  debounceMs: number
}

/** NOTE: a fixed id, not useId: React (server) and Preact (browser) would make different ones. */
const INPUT_ID = 'blog-search'

/** The 'Search posts' box: what is typed reaches the URL after a pause, and the URL wins back. */
export function PostSearch({ value, onCommit, debounceMs }: Props) {
  const [text, setText] = useState(value)
  const [seen, setSeen] = useState(value)
  const debounced = useDebounced(text, debounceMs)

  // The URL changed: follow it unless the change is our own commit (typing may be ahead of it).
  if (value !== seen) {
    setSeen(value)
    if (value !== debounced.trim()) setText(value)
  }

  useEffect(() => {
    if (debounced.trim() !== value) onCommit(debounced.trim())
    // NOTE: only a pause in typing commits (deps: debounced alone); a URL change must not write
    // a stale box back into the URL.
  }, [debounced])

  return (
    <div className="post-search">
      <label htmlFor={INPUT_ID}>Search posts</label>
      <input id={INPUT_ID} type="search" name="search" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" spellCheck={false} />
    </div>
  )
}
