// The saved overrides, each with Edit (into the form) and Delete; a failed delete says so
// beside the override it concerns.
import { useState } from 'react'
import type { SkillOverride } from '#src/contract/skill'
import { errorMessageOf } from '#client/lib/admin-api'
import { useToast } from '#client/ui/toast'
import { SKILLS_ERRORS, skillsCalls, useSetOverrides, useSkillsRefresh } from './api'

type Props = { items: SkillOverride[]; onEdit: (item: SkillOverride) => void }

const describe = (o: SkillOverride) =>
  [o.levelOverride === null ? 'computed level' : `level ${o.levelOverride}`, o.bucketOverride === null ? 'computed bucket' : `bucket ${o.bucketOverride}`, o.hide ? 'hidden' : 'shown']

export function SkillsOverrideList({ items, onEdit }: Props) {
  const [busy, setBusy] = useState<string | null>(null)
  const [failed, setFailed] = useState<{ name: string; message: string } | null>(null)
  const notify = useToast()
  const refresh = useSkillsRefresh()
  const setOverrides = useSetOverrides()

  async function remove(name: string) {
    setBusy(name)
    setFailed(null)
    try {
      await skillsCalls.deleteOverride(name)
      setOverrides((list) => list.filter((o) => o.name !== name))
      notify(`Deleted the override for ${name}.`, 'success')
      void refresh('overrides')
    } catch (e) {
      setFailed({ name, message: errorMessageOf(e, SKILLS_ERRORS.deleteOverride) })
    } finally {
      setBusy(null)
    }
  }

  if (!items.length) return <p className="empty">No adjustments yet: every skill shows as computed.</p>
  return (
    <ul className="override-list">
      {items.map((o) => (
        <li key={o.name} className="override-item card" data-name={o.name}>
          <div className="override-summary">
            <strong className="override-name">{o.name}</strong>
            <span className="override-details">
              {describe(o).map((d) => (
                <span key={d} className={`tag${d === 'hidden' ? ' is-hidden' : ''}`}>
                  {d}
                </span>
              ))}
            </span>
          </div>
          <div className="override-buttons">
            <button type="button" className="button" aria-label={`Edit the override for ${o.name}`} onClick={() => onEdit(o)}>
              Edit
            </button>
            <button type="button" className="button danger" aria-label={`Delete the override for ${o.name}`} disabled={busy === o.name} onClick={() => void remove(o.name)}>
              {busy === o.name ? 'Deleting…' : 'Delete'}
            </button>
          </div>
          {failed?.name === o.name && (
            <p className="form-error" role="alert">
              {failed.message}
            </p>
          )}
        </li>
      ))}
    </ul>
  )
}
