// The Lexicon tab (spec sections 2, 4, 7): the editable table, Add skill with the spec's
// defaults, and reorder by drag handle or by the move buttons (posts ids; on failure a reload).
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type DragEvent } from 'react'
import { LIMITS } from '#src/contract/limits'
import { errorMessageOf } from '../errors'
import { useToast } from '../toast'
import { SKILLS_ERRORS, SKILLS_KEYS, skillsCalls, useLexicon, useSetLexicon, useSkillsRefresh } from './skills-api'
import { moveId, newItemBody } from './skills-lexicon-draft'
import { SkillsLexiconRow, type RowDrag } from './skills-lexicon-row'

type Focus = { id: string; on: 'up' | 'down' | 'name' }
const STEP = LIMITS.lexiconOrderStep

export function SkillsLexiconPanel() {
  const lexicon = useLexicon()
  const items = lexicon.data?.items
  const qc = useQueryClient()
  const setLexicon = useSetLexicon()
  const refresh = useSkillsRefresh()
  const notify = useToast()
  const [adding, setAdding] = useState(false)
  const [addError, setAddError] = useState<string | null>(null)
  const [reorderError, setReorderError] = useState<string | null>(null)
  const [dragging, setDragging] = useState<string | null>(null)
  const [target, setTarget] = useState<string | null>(null)
  const dragRef = useRef<string | null>(null)
  const focusRef = useRef<Focus | null>(null)
  const tableRef = useRef<HTMLTableElement>(null)

  // A moved row's DOM node is re-inserted, which drops focus: put it back on the same control.
  useEffect(() => {
    const focus = focusRef.current
    const table = tableRef.current
    if (!focus || !table) return
    focusRef.current = null
    const find = (sel: string) => table.querySelector<HTMLButtonElement | HTMLInputElement>(sel)
    if (focus.on === 'name') return find(`[id="lexicon-${focus.id}-name"]`)?.focus()
    const same = find(`[data-move="${focus.id}:${focus.on}"]`)
    const other = find(`[data-move="${focus.id}:${focus.on === 'up' ? 'down' : 'up'}"]`)
    ;(same && !same.disabled ? same : other)?.focus()
  }, [items])

  async function reorder(ids: string[]) {
    setReorderError(null)
    await qc.cancelQueries({ queryKey: SKILLS_KEYS.lexicon })
    setLexicon((list) => {
      const byId = new Map(list.map((i) => [i._id, i]))
      return ids.flatMap((id, index) => {
        const item = byId.get(id)
        return item ? [{ ...item, order: (index + 1) * STEP }] : []
      })
    })
    try {
      await skillsCalls.reorderLexicon(ids)
      notify('Order updated.', 'success')
      void refresh('lexicon')
    } catch (e) {
      setReorderError(errorMessageOf(e, SKILLS_ERRORS.reorder))
      void qc.invalidateQueries({ queryKey: SKILLS_KEYS.lexicon })
    }
  }

  const ids = () => (items ?? []).map((i) => i._id)

  function move(id: string, to: number, dir: 'up' | 'down') {
    const before = ids()
    const next = moveId(before, id, to)
    focusRef.current = { id, on: dir }
    if (next !== before) void reorder(next)
  }

  function endDrag() {
    dragRef.current = null
    setDragging(null)
    setTarget(null)
  }

  const drag = (id: string): RowDrag => ({
    start: (source: string, e: DragEvent) => {
      dragRef.current = source
      e.dataTransfer?.setData('text/plain', source)
      if (e.dataTransfer) e.dataTransfer.effectAllowed = 'move'
      const row = (e.currentTarget as HTMLElement).closest('tr')
      if (row) e.dataTransfer?.setDragImage(row, 16, 16)
      // NOTE: restyling the source inside dragstart can cancel the drag in Chrome: wait a tick.
      setTimeout(() => setDragging(dragRef.current), 0)
    },
    over: (over: string, e: DragEvent) => {
      if (!dragRef.current) return
      e.preventDefault()
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'move'
      if (target !== over) setTarget(over)
    },
    drop: (onto: string, e: DragEvent) => {
      const source = dragRef.current
      if (!source) return
      e.preventDefault()
      endDrag()
      const before = ids()
      const next = moveId(before, source, before.indexOf(onto))
      if (next !== before) void reorder(next)
    },
    end: endDrag,
    state: id === dragging ? 'dragging' : id === target ? 'target' : null,
  })

  async function add() {
    setAdding(true)
    setAddError(null)
    try {
      const { item } = await skillsCalls.createLexicon(newItemBody(items ?? [], STEP))
      focusRef.current = { id: item._id, on: 'name' }
      setLexicon((list) => [...list, item])
      notify(`Added ${item.name}.`, 'success')
      void refresh('lexicon')
    } catch (e) {
      setAddError(errorMessageOf(e, SKILLS_ERRORS.add))
    } finally {
      setAdding(false)
    }
  }

  return (
    <div className="lexicon-panel">
      <div className="lexicon-toolbar">
        <p className="help">Patterns and tag hints are comma-separated. Reorder by dragging a row's handle or with its arrow buttons.</p>
        <button type="button" className="button primary" onClick={add} disabled={adding || !items}>
          {adding ? 'Adding…' : 'Add skill'}
        </button>
      </div>
      {addError && (
        <p className="form-error" role="alert">
          {addError}
        </p>
      )}
      {reorderError && (
        <p className="form-error" role="alert">
          {reorderError}
        </p>
      )}
      {lexicon.isPending ? (
        <p role="status">Loading the lexicon…</p>
      ) : lexicon.isError ? (
        <div className="skills-load-error">
          <p className="form-error" role="alert">
            {errorMessageOf(lexicon.error, SKILLS_ERRORS.load)}
          </p>
          <button type="button" className="button" onClick={() => void lexicon.refetch()}>
            Retry
          </button>
        </div>
      ) : !items?.length ? (
        <p className="empty">No lexicon items yet. Add one to start.</p>
      ) : (
        <div className="lexicon-scroll">
          <table className="lexicon-table" ref={tableRef}>
            <caption className="visually-hidden">Skill lexicon, in order</caption>
            <thead>
              <tr>
                {['Order', 'Name', 'Bucket', 'Patterns', 'Tag hints', 'Enabled', 'Actions'].map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((item, index) => (
                <SkillsLexiconRow key={item._id} item={item} index={index} count={items.length} onMove={move} drag={drag(item._id)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
