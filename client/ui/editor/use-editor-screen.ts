// The project and post screens' state (spec section 4): the list, which item is selected (kept
// like a draft, so a sign-in brings the admin back to it), and what a save or delete changes.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type * as adminPaths from '#src/contract/admin-paths'
import { draftKey, EDITOR_KEYS, itemsQuery, removeItem, upsertItem, type ItemList } from '#client/lib/editor/api'
import { failureOf } from '#client/lib/editor/editor-form'
import { dropDraft, useDraft } from '#client/lib/use-draft'

type Screen = adminPaths.ContentScreen

export function useEditorScreen<T extends { slug: string }>(screen: Screen, loadFailed: string) {
  const qc = useQueryClient()
  const key = EDITOR_KEYS[screen]
  const list = useQuery(itemsQuery<T>(screen))
  const [selected, setSelected] = useDraft<string | null>(`${screen}:selected`, null)
  // Bumped by New, to mount a fresh create form even when one is showing.
  const [fresh, setFresh] = useState(0)
  const [focusHeading, setFocusHeading] = useState(false)
  const items = list.data?.items ?? []

  return {
    list,
    items,
    failure: list.isError ? failureOf(list.error, loadFailed) : null,
    selected,
    item: selected === null ? undefined : items.find((x) => x.slug === selected),
    formKey: selected === null ? `new:${fresh}` : `edit:${selected}`,
    focusHeading,
    select: (slug: string) => {
      setFocusHeading(false)
      setSelected(slug)
    },
    /** Spec section 4: New resets the form. */
    startNew: () => {
      dropDraft(draftKey(screen, null))
      setFocusHeading(false)
      setSelected(null)
      setFresh((n) => n + 1)
    },
    /** After a save: edit mode on the returned slug, and the list reloaded. */
    saved: (item: T, previousSlug: string | null) => {
      if (previousSlug !== null && previousSlug !== item.slug) dropDraft(draftKey(screen, previousSlug))
      qc.setQueryData<ItemList<T>>(key, (old) => upsertItem(old, item, previousSlug))
      void qc.invalidateQueries({ queryKey: key })
      setFocusHeading(previousSlug !== item.slug)
      setSelected(item.slug)
    },
    deleted: (slug: string) => {
      qc.setQueryData<ItemList<T>>(key, (old) => removeItem(old, slug))
      void qc.invalidateQueries({ queryKey: key })
      setFocusHeading(true)
      setSelected(null)
      setFresh((n) => n + 1)
    },
  }
}
