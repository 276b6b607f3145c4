// One editable lexicon row (spec section 5 "Lexicon row"): unsaved edits live in a draft, Save
// only when the row changed and is valid, Reset back to the saved values, Delete after a confirm.
import { useState } from 'react'
import type { LexiconItem } from '#src/contract/skill'
import { errorMessageOf } from '#client/lib/admin-api'
import { useDraft } from '#client/lib/use-draft'
import type { RowReorder } from '#client/lib/use-reorder'
import { useToast } from '#client/ui/toast'
import { SKILLS_ERRORS, skillsCalls, useSetLexicon, useSkillsRefresh } from './api'
import { LexiconCells } from './skills-lexicon-cells'
import { changes, checkRow, draftOf, sameDraft, type RowDraft, type RowField } from './skills-lexicon-draft'

type Props = { item: LexiconItem; reorder: RowReorder }

export function SkillsLexiconRow({ item, reorder }: Props) {
  const id = item._id
  // NOTE: null while the row equals the saved item, so a stale draft never masks newer data.
  const [draft, setDraft, clearDraft] = useDraft<RowDraft | null>(`skills:lexicon:${id}`, null)
  const [busy, setBusy] = useState<'save' | 'delete' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const notify = useToast()
  const setLexicon = useSetLexicon()
  const refresh = useSkillsRefresh()
  const saved = draftOf(item)
  const value = draft ?? saved
  const check = checkRow(value)
  const canSave = check.ok && changes(check.body, item) && !busy
  const errors = draft && !check.ok ? check.errors : {}
  const dom = (field: string) => `lexicon-${id}-${field}`

  function edit<K extends RowField>(field: K, v: RowDraft[K]) {
    const next = { ...value, [field]: v }
    setDraft(sameDraft(next, saved) ? null : next)
  }

  function reset() {
    setDraft(null)
    clearDraft()
    setError(null)
  }

  async function save() {
    if (!check.ok) return
    setBusy('save')
    setError(null)
    try {
      const { item: stored } = await skillsCalls.updateLexicon(id, check.body)
      setLexicon((items) => items.map((i) => (i._id === id ? stored : i)))
      reset()
      notify(`Saved ${stored.name}.`, 'success')
      void refresh('lexicon')
    } catch (e) {
      setError(errorMessageOf(e, SKILLS_ERRORS.save))
    } finally {
      setBusy(null)
    }
  }

  async function remove() {
    if (!window.confirm(`Delete "${item.name}" from the lexicon?`)) return
    setBusy('delete')
    setError(null)
    try {
      await skillsCalls.deleteLexicon(id)
      clearDraft()
      setLexicon((items) => items.filter((i) => i._id !== id))
      notify(`Deleted ${item.name}.`, 'success')
      void refresh('lexicon')
    } catch (e) {
      setError(errorMessageOf(e, SKILLS_ERRORS.delete))
      setBusy(null)
    }
  }

  return (
    <tr
      className={`lexicon-row${reorder.state ? ` is-${reorder.state}` : ''}${draft ? ' is-changed' : ''}`}
      data-id={id}
      {...reorder.row}
    >
      <td className="lexicon-order">
        <span className="lexicon-drag-handle" {...reorder.handle} title="Drag to reorder" aria-hidden="true">
          ⠿
        </span>
        <button type="button" className="lexicon-move" aria-label={`Move ${item.name} up`} {...reorder.button('up')}>
          ↑
        </button>
        <button type="button" className="lexicon-move" aria-label={`Move ${item.name} down`} {...reorder.button('down')}>
          ↓
        </button>
      </td>
      <LexiconCells value={value} errors={errors} dom={dom} edit={edit} />
      <td className="lexicon-actions">
        <div className="lexicon-buttons">
          <button type="button" className="button" aria-label={`Reset ${item.name}`} disabled={!draft || !!busy} onClick={reset}>
            Reset
          </button>
          <button type="button" className="button primary" aria-label={`Save ${item.name}`} disabled={!canSave} onClick={save}>
            {busy === 'save' ? 'Saving…' : 'Save'}
          </button>
          <button type="button" className="button danger" aria-label={`Delete ${item.name}`} disabled={!!busy} onClick={remove}>
            Delete
          </button>
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </td>
    </tr>
  )
}
