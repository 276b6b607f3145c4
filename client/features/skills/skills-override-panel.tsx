// The Overrides tab (spec section 2): the saved overrides beside the form that adds or edits
// one. The form's unsaved state is a draft, so a reload or an expired session keeps it.
import { useId, useRef } from 'react'
import type { SkillOverride } from '#src/contract/skill'
import { errorMessageOf } from '#client/lib/admin-api'
import { useDraft } from '#client/lib/use-draft'
import { SKILLS_ERRORS, useOverrides } from './api'
import { EMPTY_OVERRIDE, SkillsOverrideForm, type OverrideDraft } from './skills-override-form'
import { SkillsOverrideList } from './skills-override-list'

export function SkillsOverridePanel() {
  const overrides = useOverrides()
  const [form, setForm, clearForm] = useDraft<OverrideDraft>('skills:override', EMPTY_OVERRIDE)
  const formRef = useRef<HTMLDivElement>(null)
  const listId = useId()
  const items = overrides.data?.items ?? []

  function edit(o: SkillOverride) {
    setForm({ name: o.name, level: o.levelOverride === null ? '' : String(o.levelOverride), bucket: o.bucketOverride ?? '', hide: o.hide })
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus()
  }

  function saved() {
    setForm(EMPTY_OVERRIDE)
    clearForm()
  }

  return (
    <div className="override-panel">
      <section className="override-saved" aria-labelledby={listId}>
        <h2 id={listId}>Saved adjustments</h2>
        {overrides.isPending ? (
          <p role="status">Loading overrides…</p>
        ) : overrides.isError ? (
          <div className="skills-load-error">
            <p className="form-error" role="alert">
              {errorMessageOf(overrides.error, SKILLS_ERRORS.load)}
            </p>
            <button type="button" className="button" onClick={() => void overrides.refetch()}>
              Retry
            </button>
          </div>
        ) : (
          <SkillsOverrideList items={items} onEdit={edit} />
        )}
      </section>
      <div ref={formRef}>
        <SkillsOverrideForm value={form} onChange={setForm} onSaved={saved} existing={items.map((o) => o.name)} />
      </div>
    </div>
  )
}
