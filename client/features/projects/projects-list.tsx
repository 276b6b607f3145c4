// The projects sidebar list (spec sections 2 and 4): select a project, reorder by drag and drop
// or by the Move buttons. A new order is saved at once and published to open public tabs.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Project } from '#src/contract/project'
import { isUnauthorized } from '#client/lib/admin-api'
import { EDITOR_KEYS, type ItemList } from '#client/lib/editor/api'
import { failureOf, type Failure } from '#client/lib/editor/editor-form'
import { publishOrder } from '#client/lib/order-sync'
import { useReorder } from '#client/lib/use-reorder'
import { EditorAlert } from '#client/ui/editor/editor-alert'
import { reorderProjects, withOrder } from './api'
import { ProjectsListItem } from './projects-list-item'

export const ORDER_UPDATED = 'Order updated.'
export const REORDER_FAILED = 'Failed to reorder projects'

type Props = { items: Project[]; selected: string | null; onSelect: (slug: string) => void }

export function ProjectsList({ items, selected, onSelect }: Props) {
  const qc = useQueryClient()
  const [status, setStatus] = useState('')
  const [failure, setFailure] = useState<Failure | null>(null)

  const save = useMutation({
    mutationFn: reorderProjects,
    onSuccess: (_data, slugs) => {
      setStatus(ORDER_UPDATED)
      publishOrder(slugs)
    },
    onError: (e) => {
      if (isUnauthorized(e)) return
      setFailure(failureOf(e, REORDER_FAILED))
      void qc.invalidateQueries({ queryKey: EDITOR_KEYS.projects })
    },
  })

  const reorder = useReorder<HTMLOListElement>(
    items.map((p) => p.slug),
    (slugs) => {
      // One reorder at a time: the server takes whole lists, and they must arrive in order.
      if (save.isPending) return
      void qc.cancelQueries({ queryKey: EDITOR_KEYS.projects })
      qc.setQueryData<ItemList<Project>>(EDITOR_KEYS.projects, (old) => old && { ...old, items: withOrder(old.items, slugs) })
      setStatus('')
      setFailure(null)
      save.mutate(slugs)
    },
  )

  return (
    <>
      <ol className="editor-list projects-list" ref={reorder.listRef} aria-label="Projects in display order">
        {items.map((project) => (
          <ProjectsListItem key={project.slug} project={project} selected={project.slug === selected} onSelect={() => onSelect(project.slug)} reorder={reorder.row(project.slug)} />
        ))}
      </ol>
      <p className="editor-status" role="status">
        {status}
      </p>
      <EditorAlert failure={failure} />
    </>
  )
}
