// The project and post screens' state (spec section 4, issue 20): the list, and which item is
// open, read from the URL (/admin/posts/{slug}, /admin/posts/new), so an open item survives a
// reload, a sign-in and back/forward; selecting, New, a save and a delete navigate.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useLocation } from 'wouter'
import type * as adminPaths from '#src/contract/admin-paths'
import { draftKey, EDITOR_KEYS, itemsQuery, removeItem, upsertItem, type ItemList } from '#client/lib/editor/api'
import { failureOf } from '#client/lib/editor/editor-form'
import { confirmLeave } from '#client/lib/editor/unsaved-guard'
import { dropDraft } from '#client/lib/use-draft'

type Screen = adminPaths.ContentScreen
/** 'list': the screen's own URL (phones show only the list); 'new': the create form; 'item': one item. */
export type EditorView = 'list' | 'new' | 'item'

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The admin path of an item (relative to /admin), of the create form, or of the list. */
export const editorPath = (screen: Screen, slug?: string) => (slug === undefined ? `/${screen}` : `/${screen}/${encodeURIComponent(slug)}`)

export function useEditorScreen<T extends { slug: string }>(screen: Screen, loadFailed: string) {
  const qc = useQueryClient()
  const key = EDITOR_KEYS[screen]
  const list = useQuery(itemsQuery<T>(screen))
  const [location, navigate] = useLocation()
  const segment = location.startsWith(`/${screen}/`) ? decode(location.slice(screen.length + 2).split('/')[0] ?? '') : ''
  const view: EditorView = segment === '' ? 'list' : segment === 'new' ? 'new' : 'item'
  const selected = view === 'item' ? segment : null
  // Bumped by New, to mount a fresh create form even when one is showing.
  const [fresh, setFresh] = useState(0)
  const [focusHeading, setFocusHeading] = useState(false)
  const items = list.data?.items ?? []

  return {
    list,
    items,
    view,
    failure: list.isError ? failureOf(list.error, loadFailed) : null,
    selected,
    item: selected === null ? undefined : items.find((x) => x.slug === selected),
    formKey: selected === null ? `new:${fresh}` : `edit:${selected}`,
    focusHeading,
    select: (slug: string) => {
      setFocusHeading(false)
      navigate(editorPath(screen, slug))
    },
    /** Spec section 4: New resets the form (after asking, when the open one has changes). */
    startNew: () => {
      if (!confirmLeave()) return
      dropDraft(draftKey(screen, null))
      setFocusHeading(false)
      setFresh((n) => n + 1)
      if (view !== 'new') navigate(editorPath(screen, 'new'))
    },
    /** After a save: the item's own URL (replacing a create form's or an old slug's), the list reloaded. */
    saved: (item: T, previousSlug: string | null) => {
      if (previousSlug !== null && previousSlug !== item.slug) dropDraft(draftKey(screen, previousSlug))
      qc.setQueryData<ItemList<T>>(key, (old) => upsertItem(old, item, previousSlug))
      void qc.invalidateQueries({ queryKey: key })
      setFocusHeading(previousSlug !== item.slug)
      if (previousSlug !== item.slug) navigate(editorPath(screen, item.slug), { replace: true })
    },
    deleted: (slug: string) => {
      qc.setQueryData<ItemList<T>>(key, (old) => removeItem(old, slug))
      void qc.invalidateQueries({ queryKey: key })
      setFocusHeading(true)
      setFresh((n) => n + 1)
      navigate(editorPath(screen), { replace: true })
    },
  }
}
