// The projects and posts screens' frame (spec sections 2, 4, 5 and 8, issue 20): the sidebar list
// with New, and the form that creates an item (/new) or edits the open one. On phones the list
// and the editor are separate views (view-list / view-new / view-item).
import { Fragment, type ReactNode } from 'react'
import type { ContentScreen } from '#src/contract/admin-paths'
import { EditorAlert } from './editor-alert'
import { EditorBackLink } from './editor-back-link'
import { EditorNotFound } from './editor-not-found'
import { EditorSidebar } from './editor-sidebar'
import { editorPath, useEditorScreen } from './use-editor-screen'

type ListProps<T> = { items: T[]; selected: string | null; onSelect: (slug: string) => void }
type FormProps<T> = { item: T | undefined; focusHeading: boolean; onSaved: (item: T, previousSlug: string | null) => void; onDeleted: (slug: string) => void }

type Props<T> = {
  screen: ContentScreen
  /** The screen's heading: 'Blog Posts'. */
  title: string
  /** One item, in lower case: 'post'. */
  noun: 'post' | 'project'
  List: (props: ListProps<T>) => ReactNode
  form: (props: FormProps<T>) => ReactNode
}

export function EditorScreen<T extends { slug: string }>({ screen: name, title, noun, List, form }: Props<T>) {
  const screen = useEditorScreen<T>(name, `Failed to load ${name}`)
  const { selected, item, view } = screen
  const all = `All ${name}`
  return (
    <section className={`screen editor-screen view-${view}`} aria-labelledby={`${name}-heading`}>
      <h1 id={`${name}-heading`}>{title}</h1>
      <div className="editor-layout">
        <EditorSidebar
          heading={all}
          noun={noun}
          onNew={screen.startNew}
          loading={screen.list.isPending}
          failure={screen.failure}
          empty={screen.items.length === 0}
          emptyText={`No ${name} yet.`}
        >
          <List items={screen.items} selected={selected} onSelect={screen.select} />
        </EditorSidebar>
        <div className="editor-main">
          <EditorBackLink href={editorPath(name)} label={all} view={view} />
          {selected !== null && screen.list.isPending ? (
            <p role="status">Loading…</p>
          ) : selected !== null && screen.list.isSuccess && !item ? (
            <EditorNotFound noun={noun} slug={selected} listHref={editorPath(name)} listLabel={all} />
          ) : selected !== null && !item ? (
            <EditorAlert failure={{ title: `Failed to load ${noun}`, lines: [] }} />
          ) : (
            <Fragment key={screen.formKey}>{form({ item, focusHeading: screen.focusHeading, onSaved: screen.saved, onDeleted: screen.deleted })}</Fragment>
          )}
        </div>
      </div>
    </section>
  )
}
