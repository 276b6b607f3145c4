// The sidebar of the project and post editors: a heading, the New button, the list's states.
import type { ReactNode } from 'react'
import type { Failure } from '#client/lib/editor/editor-form'
import { EditorAlert } from './editor-alert'

type Props = {
  heading: string
  /** What New creates, for its accessible name ('project' gives 'New project'). */
  noun: string
  onNew: () => void
  loading: boolean
  failure: Failure | null
  empty: boolean
  emptyText: string
  children: ReactNode
}

export function EditorSidebar({ heading, noun, onNew, loading, failure, empty, emptyText, children }: Props) {
  return (
    <aside className="editor-sidebar" aria-labelledby="editor-sidebar-heading">
      <div className="editor-sidebar-head">
        <h2 id="editor-sidebar-heading">{heading}</h2>
        <button type="button" className="button primary" onClick={onNew}>
          New<span className="visually-hidden"> {noun}</span>
        </button>
      </div>
      {loading ? (
        <p role="status">Loading…</p>
      ) : failure ? (
        <EditorAlert failure={failure} />
      ) : empty ? (
        <p className="help">{emptyText}</p>
      ) : (
        children
      )}
    </aside>
  )
}
