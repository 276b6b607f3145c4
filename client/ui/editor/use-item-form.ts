// The post and project forms' shared state (spec sections 4 and 5, issue 20): the editor's form
// for one kind, its messages, the heading focused after a create, and each field's props.
import { useEffect, useMemo, useRef } from 'react'
import type { Publication } from '#src/contract/publication'
import type { ParseResult } from '#client/lib/editor/editor-form'
import { slugPreview } from '#client/lib/editor/editor-form'
import type { PublicationFormValues } from '#client/lib/editor/publication-form'
import { useEditorForm, type EditorMessages } from './use-editor-form'

export type ItemKind = 'post' | 'project'
/** What a post's and a project's form values have in common; every value is text. */
export type ItemFormValues = { title: string; slug: string; summary: string; bodyMD: string } & PublicationFormValues
export type StoredItem = { slug: string; title: string; createdAt: string } & Publication

export type ItemFormProps<T> = {
  /** Moves focus to the heading on mount (after a create switched the form to edit mode). */
  focusHeading?: boolean
  onSaved: (item: T, previousSlug: string | null) => void
  onDeleted: (slug: string) => void
}

const messagesOf = (kind: ItemKind, Kind: string): EditorMessages => ({
  saveFailed: `Failed to save ${kind}`,
  deleteFailed: 'Failed to delete',
  confirmDelete: `Delete this ${kind} permanently?`,
  created: `${Kind} created.`,
  saved: `${Kind} saved.`,
  deleted: `${Kind} deleted.`,
})
const MESSAGES = { post: messagesOf('post', 'Post'), project: messagesOf('project', 'Project') }

type Options<V, P, T> = ItemFormProps<T> & {
  item: T | undefined
  empty: V
  toForm: (item: T) => V
  parse: (values: V) => ParseResult<P>
}

export function useItemForm<V extends ItemFormValues, P, T extends StoredItem>(kind: ItemKind, { item, empty, toForm, parse, focusHeading, onSaved, onDeleted }: Options<V, P, T>) {
  const base = useMemo(() => (item ? toForm(item) : empty), [item, toForm, empty])
  const editor = useEditorForm({ screen: `${kind}s`, item, base, parse, messages: MESSAGES[kind], onSaved, onDeleted })
  const { values, errors } = editor
  // NOTE: every form value is text (ItemFormValues), so one signature serves every field.
  const change = editor.change as (name: keyof V & string, value: string | ((previous: string) => string)) => void
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (focusHeading) heading.current?.focus()
  }, [focusHeading])

  const field = (name: keyof V & string, label: string) => ({
    form: kind,
    name: name as string,
    label,
    value: values[name] as string,
    onChange: (value: string) => change(name, value),
    error: errors[name],
  })
  return { ...editor, change, kind, item, heading, field, slug: slugPreview(values.slug, values.title) }
}

export type ItemForm = ReturnType<typeof useItemForm<ItemFormValues, unknown, StoredItem>>
