// The Lexicon tab (spec sections 2, 4, 7): the editable table, Add skill (an unsaved row with the
// spec's defaults, sent on Save), and reorder by drag handle or move buttons (posts ids; on failure a reload).
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { LIMITS } from '#src/contract/limits'
import type { LexiconItem } from '#src/contract/skill'
import { errorMessageOf } from '#client/lib/admin-api'
import { useReorder } from '#client/lib/use-reorder'
import { useToast } from '#client/ui/toast'
import { SKILLS_ERRORS, SKILLS_KEYS, skillsCalls, useLexicon, useSetLexicon, useSkillsRefresh } from './api'
import { newItemBody } from './skills-lexicon-draft'
import { LEXICON_COLUMNS } from './skills-lexicon-cells'
import { SkillsLexiconNewRow } from './skills-lexicon-new-row'
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
  const [reorderError, setReorderError] = useState<string | null>(null)
  const rows = useReorder<HTMLTableElement>((items ?? []).map((i) => i._id), (ids) => void saveOrder(ids))
  // A new row's name field takes focus once the row is in the table.
  const focusName = useRef<string | null>(null)
  const addButton = useRef<HTMLButtonElement>(null)

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

  function cancel() {
    setAdding(false)
    // Back to where the admin came from, once the button is enabled again.
    setTimeout(() => addButton.current?.focus())
  }

  function added(item: LexiconItem) {
    focusName.current = item._id
    setAdding(false)
    setLexicon((list) => [...list, item])
    notify(`Added ${item.name}.`, 'success')
    void refresh('lexicon')
  }

  return (
    <div className="lexicon-panel">
      <div className="lexicon-toolbar">
        <p className="help">
          Each row is a skill to look for. Separate several words with commas. Reorder by dragging a row&rsquo;s handle or with its arrow buttons.
        </p>
        <button ref={addButton} type="button" className="button primary" onClick={() => setAdding(true)} disabled={adding || !items}>
          Add skill
        </button>
      </div>
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
      ) : !items?.length && !adding ? (
        <p className="empty">
          No skills yet. Choose <strong>Add skill</strong>, name a skill and the words that show it (for example &ldquo;Rust&rdquo; matching
          &ldquo;rust, cargo&rdquo;), then Save.
        </p>
      ) : (
        <div className="lexicon-scroll">
          <table className="lexicon-table" ref={rows.listRef}>
            <caption className="visually-hidden">Skill lexicon, in order</caption>
            <thead>
              <tr>
                {['Order', ...LEXICON_COLUMNS.map((c) => c.label), 'Enabled', 'Actions'].map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(items ?? []).map((item) => (
                <SkillsLexiconRow key={item._id} item={item} reorder={rows.row(item._id)} />
              ))}
              {adding && <SkillsLexiconNewRow order={newItemBody(items ?? [], STEP).order} onSaved={added} onCancel={cancel} />}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
