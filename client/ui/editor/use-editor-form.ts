// The project and post editors' behaviour (spec sections 4, 5 and 8): the draft, client checks
// with the server's schema, save (create or edit) and delete, and where each failure shows.
import { useMutation } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import * as adminPaths from '#src/contract/admin-paths'
import { adminApi, isUnauthorized, withSession } from '#client/lib/admin-api'
import { draftKey } from '#client/lib/editor/api'
import { holdUnsaved } from '#client/lib/editor/unsaved-guard'
import { dropDraft } from '#client/lib/use-draft'
import { failureOf, serverFieldErrors, type Failure, type FieldErrors, type ParseResult } from '#client/lib/editor/editor-form'
import { useToast } from '#client/ui/toast'
import { useEditorDraft } from './use-editor-draft'
import { useSaveShortcut } from '#client/lib/use-save-shortcut'

export type EditorMessages = {
  saveFailed: string
  deleteFailed: string
  confirmDelete: string
  created: string
  saved: string
  deleted: string
}

type Options<V extends object, P, T extends { slug: string }> = {
  screen: adminPaths.ContentScreen
  /** The stored item being edited; absent in create mode. */
  item: T | undefined
  base: V
  parse: (values: V) => ParseResult<P>
  messages: EditorMessages
  onSaved: (item: T, previousSlug: string | null) => void
  onDeleted: (slug: string) => void
}

export function useEditorForm<V extends object, P, T extends { slug: string }>(options: Options<V, P, T>) {
  const { screen, item, parse, messages } = options
  const key = draftKey(screen, item?.slug ?? null)
  const draft = useEditorDraft(key, options.base)
  const toast = useToast()
  const form = useRef<HTMLFormElement>(null)
  const [tried, setTried] = useState(false)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [failure, setFailure] = useState<Failure | null>(null)
  const [focusTick, setFocusTick] = useState(0)
  const check = useMemo(() => parse(draft.values), [parse, draft.values])
  const errors: FieldErrors = { ...serverErrors, ...(tried && !check.ok ? check.errors : {}) }
  const path = item ? adminPaths.item(screen, item.slug) : adminPaths.items(screen)

  useEffect(() => {
    if (focusTick) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusTick])

  // Issue 20: leaving with changes asks first (in-app navigation and closing the tab).
  const dirtyNow = useRef(draft.dirty)
  dirtyNow.current = draft.dirty
  const { dirty, discard } = draft
  useEffect(() => {
    if (!dirty) return
    const release = holdUnsaved({
      dirty: () => dirtyNow.current,
      discard: () => {
        dropDraft(key)
        discard()
      },
    })
    const beforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyNow.current) return
      e.preventDefault()
      e.returnValue = ''
    }
    window.addEventListener('beforeunload', beforeUnload)
    return () => {
      release()
      window.removeEventListener('beforeunload', beforeUnload)
    }
  }, [dirty, discard, key])

  useSaveShortcut(form)

  const save = useMutation({
    mutationFn: (payload: P) => withSession(item ? adminApi.put<T>(path, payload) : adminApi.post<T>(path, payload)),
    onSuccess: (saved) => {
      dirtyNow.current = false
      draft.saved()
      setTried(false)
      toast(item ? messages.saved : messages.created, 'success')
      options.onSaved(saved, item?.slug ?? null)
    },
    onError: (e) => {
      if (isUnauthorized(e)) return
      setFailure(failureOf(e, messages.saveFailed))
      setServerErrors(serverFieldErrors(e))
      setFocusTick((n) => n + 1)
    },
  })

  const remove = useMutation({
    mutationFn: (slug: string) => withSession(adminApi.del(adminPaths.item(screen, slug))),
    onSuccess: (_data, slug) => {
      dirtyNow.current = false
      draft.saved()
      toast(messages.deleted, 'success')
      options.onDeleted(slug)
    },
    onError: (e) => {
      if (!isUnauthorized(e)) setFailure(failureOf(e, messages.deleteFailed))
    },
  })

  /** Sets a field (a function gets the latest value: uploads finish while the admin types). */
  function change<K extends keyof V>(field: K, value: V[K] | ((previous: V[K]) => V[K])) {
    draft.set(field, value)
    setServerErrors((current) => {
      const next = { ...current }
      delete next[field as string]
      return next
    })
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    if (save.isPending) return
    setFailure(null)
    setServerErrors({})
    setTried(true)
    if (!check.ok) return setFocusTick((n) => n + 1)
    save.mutate(check.payload)
  }

  function askDelete() {
    if (!item || remove.isPending) return
    if (window.confirm(messages.confirmDelete)) remove.mutate(item.slug)
  }

  return {
    form,
    values: draft.values,
    dirty: draft.dirty,
    discard: () => {
      draft.discard()
      setTried(false)
      setServerErrors({})
      setFailure(null)
    },
    change,
    errors,
    failure,
    submit,
    askDelete,
    saving: save.isPending,
    deleting: remove.isPending,
  }
}
