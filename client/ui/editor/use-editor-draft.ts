// An editor's form state: useDraft (kept in sessionStorage) plus the server values it started
// from, so the form knows when it differs, and follows fresh server values while untouched.
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useDraft } from '#client/lib/use-draft'

type Draft<V> = { base: V; values: V }
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
const isDraft = <V>(d: unknown): d is Draft<V> => typeof d === 'object' && d !== null && 'base' in d && 'values' in d

/** `base` is what the server holds (or the empty form); call `saved()` just before it changes. */
export function useEditorDraft<V extends object>(key: string, base: V) {
  const [stored, setDraft, clear] = useDraft<Draft<V>>(key, { base, values: base })
  // A session from an older build may have left another shape under the key, or a draft without
  // the fields added since (the publication fields): those take the form's current values.
  const draft = useMemo(() => (isDraft<V>(stored) ? { base: { ...base, ...stored.base }, values: { ...base, ...stored.values } } : { base, values: base }), [stored, base])
  const dirty = !same(draft.values, draft.base)
  const follow = useRef(false)

  useEffect(() => {
    if (same(draft.base, base)) return
    // The server's values changed (a save, another tab): take them unless there is typing to keep.
    if (follow.current || !dirty) setDraft({ base, values: base })
    follow.current = false
  }, [base, dirty, draft.base, setDraft])

  const set = useCallback(
    <K extends keyof V>(field: K, value: V[K] | ((previous: V[K]) => V[K])) => {
      follow.current = false
      setDraft((d) => {
        const current = isDraft<V>(d) ? d : { base, values: base }
        const next = typeof value === 'function' ? (value as (previous: V[K]) => V[K])(current.values[field]) : value
        return { ...current, values: { ...current.values, [field]: next } }
      })
    },
    [setDraft, base],
  )
  const discard = useCallback(() => setDraft({ base, values: base }), [setDraft, base])
  /** After a successful save: drop the stored draft, and take the server's next values as they come. */
  const saved = useCallback(() => {
    follow.current = true
    clear()
  }, [clear])

  return { values: draft.values, dirty, set, discard, saved }
}
