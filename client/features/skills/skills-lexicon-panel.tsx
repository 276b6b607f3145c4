// The Lexicon tab (spec sections 2, 4, 7): the editable table, Add skill with the spec's
// defaults, and reorder by drag handle or by the move buttons (posts ids; on failure a reload).
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { LIMITS } from '#src/contract/limits'
import { errorMessageOf } from '#client/lib/admin-api'
import { useReorder } from '#client/lib/use-reorder'
import { useToast } from '#client/ui/toast'
import { SKILLS_ERRORS, SKILLS_KEYS, skillsCalls, useLexicon, useSetLexicon, useSkillsRefresh } from './api'
import { newItemBody } from './skills-lexicon-draft'
import { SkillsLexiconRow } from './skills-lexicon-row'

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
  const rows = useReorder<HTMLTableElement>((items ?? []).map((i) => i._id), (ids) => void saveOrder(ids))
  // A new row's name field takes focus once the row is in the table.
  const focusName = useRef<string | null>(null)

  useEffect(() => {
    const id = focusName.current
    if (!id) return
    focusName.current = null
    rows.listRef.current?.querySelector<HTMLInputElement>(`[id="lexicon-${id}-name"]`)?.focus()
  }, [items, rows.listRef])

  async function saveOrder(ids: string[]) {
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

  async function add() {
    setAdding(true)
    setAddError(null)
    try {
      const { item } = await skillsCalls.createLexicon(newItemBody(items ?? [], STEP))
      focusName.current = item._id
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
          <table className="lexicon-table" ref={rows.listRef}>
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
              {items.map((item) => (
                <SkillsLexiconRow key={item._id} item={item} reorder={rows.row(item._id)} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
