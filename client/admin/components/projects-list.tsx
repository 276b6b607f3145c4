// The projects sidebar list (spec sections 2 and 4): select a project, reorder by drag and drop
// or by the Move buttons. A new order is saved at once and published to open public tabs.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import * as adminPaths from '#src/contract/admin-paths'
import type { Project } from '#src/contract/project'
import { publishOrder } from '#client/lib/order-sync'
import { adminApi, isUnauthorized } from '../api'
import { EDITOR_KEYS, withSession, type ItemList } from '../forms/editor-data'
import { failureOf, type Failure } from '../forms/editor-form'
import { moveItem, withOrder } from '../forms/reorder'
import { EditorAlert } from './editor-alert'
import { ProjectsListItem } from './projects-list-item'

export const ORDER_UPDATED = 'Order updated.'
export const REORDER_FAILED = 'Failed to reorder projects'

type Props = { items: Project[]; selected: string | null; onSelect: (slug: string) => void }

export function ProjectsList({ items, selected, onSelect }: Props) {
  const qc = useQueryClient()
  const list = useRef<HTMLOListElement>(null)
  const [dragged, setDragged] = useState<string | null>(null)
  const [over, setOver] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const [failure, setFailure] = useState<Failure | null>(null)
  // After a keyboard move, focus follows the moved project's button.
  const refocus = useRef<{ slug: string; dir: 'up' | 'down' } | null>(null)

  const reorder = useMutation({
    mutationFn: (slugs: string[]) => withSession(adminApi.post(adminPaths.reorderProjects, { slugs })),
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

  function move(from: number, to: number) {
    // One reorder at a time: the server takes whole lists, and they must arrive in order.
    if (reorder.isPending || from === to || from < 0 || to < 0 || to >= items.length) return
    const slugs = moveItem(
      items.map((p) => p.slug),
      from,
      to,
    )
    void qc.cancelQueries({ queryKey: EDITOR_KEYS.projects })
    qc.setQueryData<ItemList<Project>>(EDITOR_KEYS.projects, (old) => old && { ...old, items: withOrder(old.items, slugs) })
    setStatus('')
    setFailure(null)
    reorder.mutate(slugs)
  }

  function drop(target: string) {
    const from = items.findIndex((p) => p.slug === dragged)
    const to = items.findIndex((p) => p.slug === target)
    setDragged(null)
    setOver(null)
    if (from !== -1 && to !== -1) move(from, to)
  }

  useEffect(() => {
    const target = refocus.current
    if (!target) return
    refocus.current = null
    const row = [...(list.current?.querySelectorAll<HTMLLIElement>('li') ?? [])].find((li) => li.dataset.slug === target.slug)
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${target.dir}"]`)
    const other = row?.querySelector<HTMLButtonElement>(`[data-move="${target.dir === 'up' ? 'down' : 'up'}"]`)
    ;(wanted && !wanted.disabled ? wanted : other)?.focus()
  }, [items])

  return (
    <>
      <ol className="editor-list projects-list" ref={list} aria-label="Projects in display order">
        {items.map((project, index) => (
          <ProjectsListItem
            key={project.slug}
            project={project}
            index={index}
            count={items.length}
            selected={project.slug === selected}
            dragging={project.slug === dragged}
            dropTarget={dragged !== null && project.slug === over && over !== dragged}
            onSelect={() => onSelect(project.slug)}
            onMove={(to) => {
              refocus.current = { slug: project.slug, dir: to < index ? 'up' : 'down' }
              move(index, to)
            }}
            onDragStart={() => setDragged(project.slug)}
            onDragOver={() => setOver(project.slug)}
            onDrop={() => drop(project.slug)}
            onDragEnd={() => {
              setDragged(null)
              setOver(null)
            }}
          />
        ))}
      </ol>
      <p className="editor-status" role="status">
        {status}
      </p>
      <EditorAlert failure={failure} />
    </>
  )
}
