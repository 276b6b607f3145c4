// One project in the sidebar: select it, drag it by its handle, or move it with the buttons.
import type { DragEvent } from 'react'
import type { Project } from '#src/contract/project'
import { EditorItemPublication } from './editor-item-publication'

type Props = {
  project: Project
  index: number
  count: number
  selected: boolean
  dragging: boolean
  dropTarget: boolean
  onSelect: () => void
  onMove: (to: number) => void
  onDragStart: () => void
  onDragOver: () => void
  onDrop: () => void
  onDragEnd: () => void
}

export function ProjectsListItem(props: Props) {
  const { project, index, count, selected, dragging, dropTarget } = props
  const classes = ['editor-item', selected && 'selected', dragging && 'dragging', dropTarget && 'drop-target'].filter(Boolean).join(' ')

  function startDrag(e: DragEvent<HTMLSpanElement>) {
    // Firefox starts a drag only when data is set; the row, not the handle, is the drag image.
    e.dataTransfer.setData('text/plain', project.slug)
    e.dataTransfer.effectAllowed = 'move'
    const row = e.currentTarget.closest('li')
    if (row) e.dataTransfer.setDragImage(row, 12, 12)
    props.onDragStart()
  }
  function over(e: DragEvent<HTMLLIElement>) {
    e.preventDefault()
    e.dataTransfer.dropEffect = 'move'
    props.onDragOver()
  }

  return (
    <li
      className={classes}
      data-slug={project.slug}
      onDragOver={over}
      onDrop={(e) => {
        e.preventDefault()
        props.onDrop()
      }}
    >
      {/* Mouse only: the Move buttons are the keyboard and screen reader path. */}
      <span className="drag-handle" draggable onDragStart={startDrag} onDragEnd={props.onDragEnd} title="Drag to reorder" aria-hidden="true">
        ⠿
      </span>
      <button type="button" className="editor-item-select" aria-current={selected || undefined} onClick={props.onSelect}>
        <span className="editor-item-title">{project.title}</span>
        <span className="editor-item-meta">{project.slug}</span>
        <EditorItemPublication item={project} />
      </button>
      <span className="editor-item-moves">
        <button type="button" className="icon-button" data-move="up" aria-label={`Move ${project.title} up`} disabled={index === 0} onClick={() => props.onMove(index - 1)}>
          <span aria-hidden="true">↑</span>
        </button>
        <button type="button" className="icon-button" data-move="down" aria-label={`Move ${project.title} down`} disabled={index === count - 1} onClick={() => props.onMove(index + 1)}>
          <span aria-hidden="true">↓</span>
        </button>
      </span>
    </li>
  )
}
