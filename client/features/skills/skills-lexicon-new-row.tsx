// "Add skill" opens this row: nothing is sent until Save (then one POST with the row's values,
// placed after the last skill); Cancel discards it. It starts from the spec's defaults.
import { useEffect, useRef, useState } from 'react'
import type { LexiconItem } from '#src/contract/skill'
import { errorMessageOf } from '#client/lib/admin-api'
import { LexiconCells } from './skills-lexicon-cells'
import { checkRow, type RowDraft, type RowField } from './skills-lexicon-draft'
import { SKILLS_ERRORS, skillsCalls } from './api'

type Props = { order: number; onSaved: (item: LexiconItem) => void; onCancel: () => void }

export const NEW_ROW_ID = 'unsaved'

export function SkillsLexiconNewRow({ order, onSaved, onCancel }: Props) {
  const [value, setValue] = useState<RowDraft>({ name: 'New Skill', bucket: 'General', patterns: '', tagHints: '', enabled: true })
  const [touched, setTouched] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const row = useRef<HTMLTableRowElement>(null)
  const check = checkRow(value)
  const errors = touched && !check.ok ? check.errors : {}
  const dom = (field: string) => `lexicon-${NEW_ROW_ID}-${field}`

  // The name takes focus, selected, so typing replaces the placeholder name.
  useEffect(() => {
    const name = row.current?.querySelector<HTMLInputElement>(`[id="${dom('name')}"]`)
    name?.focus()
    name?.select()
  }, [])

  function edit<K extends RowField>(field: K, v: RowDraft[K]) {
    setTouched(true)
    setValue((old) => ({ ...old, [field]: v }))
  }

  async function save() {
    setTouched(true)
    if (!check.ok) return
    setBusy(true)
    setError(null)
    try {
      const { item } = await skillsCalls.createLexicon({ ...check.body, order })
      onSaved(item)
    } catch (e) {
      setError(errorMessageOf(e, SKILLS_ERRORS.add))
      setBusy(false)
    }
  }

  return (
    <tr ref={row} className="lexicon-row is-new is-changed" data-id={NEW_ROW_ID}>
      <td className="lexicon-order">
        <span className="lexicon-new-badge">New, not saved</span>
      </td>
      <LexiconCells value={value} errors={errors} dom={dom} edit={edit} />
      <td className="lexicon-actions">
        <div className="lexicon-buttons">
          <button type="button" className="button" aria-label="Cancel the new skill" disabled={busy} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button primary" aria-label="Save the new skill" disabled={busy} onClick={() => void save()}>
            {busy ? 'Saving…' : 'Save'}
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
