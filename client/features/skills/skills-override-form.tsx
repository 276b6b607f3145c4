// The override form (spec section 5 "Override form"): a skill name of at least 2 characters, a
// level clamped to 0-100 as it is typed, an empty bucket meaning none, and Hide.
import { useId, useRef, useState, type FormEvent } from 'react'
import { OverrideInput, OverrideName } from '#src/contract/skill'
import { errorMessageOf } from '#client/lib/admin-api'
import { useToast } from '#client/ui/toast'
import { SKILLS_ERRORS, skillsCalls, useSkillsRefresh } from './api'

export type OverrideDraft = { name: string; level: string; bucket: string; hide: boolean }
export const EMPTY_OVERRIDE: OverrideDraft = { name: '', level: '', bucket: '', hide: false }

/** Out-of-range levels snap to 0 or 100 while typing; partial input ('', '4') is left alone. */
export function clampLevel(raw: string): string {
  const n = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(n)) return raw
  return n > 100 ? '100' : n < 0 ? '0' : raw
}

type Props = { value: OverrideDraft; onChange: (next: OverrideDraft) => void; onSaved: () => void; existing: string[] }

export function SkillsOverrideForm({ value, onChange, onSaved, existing }: Props) {
  const id = useId()
  const nameRef = useRef<HTMLInputElement>(null)
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const notify = useToast()
  const refresh = useSkillsRefresh()
  const name = OverrideName.safeParse(value.name)
  const body = OverrideInput.safeParse({ levelOverride: value.level, bucketOverride: value.bucket, hide: value.hide })
  const nameError = tried && !name.success ? (name.error.issues[0]?.message ?? '') : null
  const levelError = body.success ? null : (body.error.issues[0]?.message ?? null)
  const updating = name.success && existing.some((n) => n.toLowerCase() === name.data.toLowerCase())
  const set = (patch: Partial<OverrideDraft>) => onChange({ ...value, ...patch })

  function roundLevel() {
    const n = Number(value.level)
    if (value.level.trim() !== '' && Number.isFinite(n)) set({ level: String(Math.round(n)) })
  }

  function clearForm() {
    setTried(false)
    setError(null)
    onChange(EMPTY_OVERRIDE)
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    setTried(true)
    setError(null)
    if (!name.success) return nameRef.current?.focus()
    if (!body.success) return
    setBusy(true)
    try {
      const { item } = await skillsCalls.putOverride(name.data, body.data)
      setTried(false)
      onSaved()
      notify(`Saved the override for ${item.name}.`, 'success')
      void refresh('overrides')
    } catch (err) {
      setError(errorMessageOf(err, SKILLS_ERRORS.saveOverride))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="override-form card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Add or edit an adjustment</h2>
      <div className="field">
        <label htmlFor={`${id}-name`}>Skill name</label>
        <input
          ref={nameRef}
          id={`${id}-name`}
          type="text"
          value={value.name}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-name-error` : `${id}-name-help`}
          onChange={(e) => set({ name: e.target.value })}
        />
        {nameError ? (
          <p className="field-error" id={`${id}-name-error`}>
            {nameError}
          </p>
        ) : (
          <p className="help" id={`${id}-name-help`}>
            {updating ? 'An override for this skill exists: saving replaces it.' : 'Case does not matter: React and react are the same skill.'}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-level`}>Level</label>
        <input
          id={`${id}-level`}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={value.level}
          aria-invalid={levelError ? true : undefined}
          aria-describedby={`${id}-level-help`}
          onChange={(e) => set({ level: clampLevel(e.target.value) })}
          onBlur={roundLevel}
        />
        <p className={levelError ? 'field-error' : 'help'} id={`${id}-level-help`}>
          {levelError ?? '0–100. Leave empty to keep the computed level.'}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-bucket`}>Category</label>
        <input id={`${id}-bucket`} type="text" value={value.bucket} aria-describedby={`${id}-bucket-help`} onChange={(e) => set({ bucket: e.target.value })} />
        <p className="help" id={`${id}-bucket-help`}>
          Leave empty to keep the computed category (bucket).
        </p>
      </div>
      <div className="field override-hide">
        <input id={`${id}-hide`} type="checkbox" checked={value.hide} onChange={(e) => set({ hide: e.target.checked })} />
        <label htmlFor={`${id}-hide`}>Hide this skill on the public site</label>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="override-buttons">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={clearForm}>
          Clear form
        </button>
      </div>
    </form>
  )
}
