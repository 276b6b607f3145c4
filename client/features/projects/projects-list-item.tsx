// One project in the sidebar: select it, drag it by its handle, or move it with the buttons.
import type { Project } from '#src/contract/project'
import type { RowReorder } from '#client/lib/use-reorder'
import { EditorItemPublication } from '#client/ui/editor/editor-item-publication'

type Props = { project: Project; selected: boolean; onSelect: () => void; reorder: RowReorder }

export function ProjectsListItem({ project, selected, onSelect, reorder }: Props) {
  const classes = ['editor-item', selected && 'selected', reorder.state === 'dragging' && 'dragging', reorder.state === 'target' && 'drop-target'].filter(Boolean).join(' ')
  return (
    <li className={classes} data-slug={project.slug} {...reorder.row}>
      {/* Mouse only: the Move buttons are the keyboard and screen reader path. */}
      <span className="drag-handle" {...reorder.handle} title="Drag to reorder" aria-hidden="true">
        ⠿
      </span>
      <button type="button" className="editor-item-select" aria-current={selected || undefined} onClick={onSelect}>
        <span className="editor-item-title">{project.title}</span>
        <span className="editor-item-meta">{project.slug}</span>
        <EditorItemPublication item={project} />
      </button>
      <span className="editor-item-moves">
        <button type="button" className="icon-button" aria-label={`Move ${project.title} up`} {...reorder.button('up')}>
          <span aria-hidden="true">↑</span>
        </button>
        <button type="button" className="icon-button" aria-label={`Move ${project.title} down`} {...reorder.button('down')}>
          <span aria-hidden="true">↓</span>
        </button>
      </span>
    </li>
  )
}
