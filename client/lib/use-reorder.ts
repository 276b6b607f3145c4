// Reordering a list by dragging a row's handle or with its Move up and Move down buttons (the
// keyboard and screen reader path), shared by the projects list and the skills lexicon. The
// caller saves the new order; this keeps the drag state and puts focus back after a move.
import { useEffect, useRef, useState, type DragEvent } from 'react'

/** A copy of `list` with the entry at `from` moved to `to` (both clamped into the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list]
  if (from < 0 || from >= out.length) return out
  const [item] = out.splice(from, 1)
  out.splice(Math.max(0, Math.min(to, out.length)), 0, item!)
  return out
}

export type MoveDirection = 'up' | 'down'
export type DragState = 'dragging' | 'target' | null

/** What one row spreads on itself, its drag handle and its two move buttons. */
export type RowReorder = {
  /** 'dragging' on the row being dragged, 'target' on the row it would be dropped on. */
  state: DragState
  row: { onDragOver: (e: DragEvent<HTMLElement>) => void; onDrop: (e: DragEvent<HTMLElement>) => void }
  handle: { draggable: true; onDragStart: (e: DragEvent<HTMLElement>) => void; onDragEnd: () => void }
  button: (dir: MoveDirection) => { 'data-move': string; disabled: boolean; onClick: () => void }
}

/**
 * `ids` is the list's order; `onReorder` gets the new one after a drop or a move button (never an
 * unchanged order). Put `listRef` on the element holding the rows: focus is found there.
 */
export function useReorder<E extends HTMLElement>(ids: readonly string[], onReorder: (ids: string[]) => void) {
  const listRef = useRef<E>(null)
  const source = useRef<string | null>(null)
  const [dragging, setDragging] = useState<string | null>(null)
  const [target, setTarget] = useState<string | null>(null)
  const refocus = useRef<{ id: string; dir: MoveDirection } | null>(null)
  const order = ids.join('\n')

  // A moved row's DOM node is re-inserted, which drops focus: put it back on the same button, or
  // on the other one when the row reached an end and the same button is now disabled.
  useEffect(() => {
    const focus = refocus.current
    const list = listRef.current
    if (!focus || !list) return
    refocus.current = null
    const find = (dir: MoveDirection) => list.querySelector<HTMLButtonElement>(`[data-move="${focus.id}:${dir}"]`)
    const same = find(focus.dir)
    ;(same && !same.disabled ? same : find(focus.dir === 'up' ? 'down' : 'up'))?.focus()
  }, [order])

  function reorder(from: number, to: number) {
    if (from < 0 || to < 0 || to >= ids.length || from === to) return
    onReorder(moveItem(ids, from, to))
  }

  function end() {
    source.current = null
    setDragging(null)
    setTarget(null)
  }

  function row(id: string): RowReorder {
    const index = ids.indexOf(id)
    return {
      state: id === dragging ? 'dragging' : id === target ? 'target' : null,
      row: {
        onDragOver: (e) => {
          if (!source.current) return
          e.preventDefault()
          if (e.dataTransfer) e.dataTransfer.dropEffect = 'move'
          setTarget(id === source.current ? null : id)
        },
        onDrop: (e) => {
          const from = source.current
          if (!from) return
          e.preventDefault()
          end()
          reorder(ids.indexOf(from), index)
        },
      },
      handle: {
        draggable: true,
        onDragStart: (e) => {
          source.current = id
          // Firefox starts a drag only when data is set; the row, not the handle, is the drag image.
          e.dataTransfer?.setData('text/plain', id)
          if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move'
          const rowElement = e.currentTarget.closest('li, tr')
          if (rowElement) e.dataTransfer?.setDragImage(rowElement, 16, 16)
          // NOTE: restyling the source inside dragstart can cancel the drag in Chrome: wait a tick.
          setTimeout(() => setDragging(source.current), 0)
        },
        onDragEnd: end,
      },
      button: (dir) => ({
        'data-move': `${id}:${dir}`,
        disabled: dir === 'up' ? index === 0 : index === ids.length - 1,
        onClick: () => {
          refocus.current = { id, dir }
          reorder(index, dir === 'up' ? index - 1 : index + 1)
        },
      }),
    }
  }

  return { listRef, row }
}
