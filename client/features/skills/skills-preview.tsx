// The public skills as visitors will see them (GET /skills?includeCounts=1), loaded again after
// every successful write on this screen, so each change shows its effect.
import { useId } from 'react'
import { errorMessageOf } from '#client/lib/admin-api'
import { SkillLevel } from '#client/ui/skill-level'
import { SKILLS_ERRORS, useLexicon, useSkillsPreview } from './api'

const related = (n: number) => `${n} related project${n === 1 ? '' : 's'}`

export function SkillsPreview() {
  const preview = useSkillsPreview()
  const titleId = useId()
  const skills = preview.data?.skills ?? []
  const lexicon = useLexicon()
  const noSkills = lexicon.data?.items.length === 0
  const noneEnabled = !!lexicon.data?.items.length && lexicon.data.items.every((i) => !i.enabled)

  return (
    <section className="skills-preview card" aria-labelledby={titleId} aria-busy={preview.isFetching}>
      <h2 id={titleId}>Public preview</h2>
      <p className="help">The skills page as visitors see it{preview.isSuccess ? ` (${skills.length} shown)` : ''}.</p>
      {preview.isPending ? (
        <p role="status">Loading the preview…</p>
      ) : preview.isError ? (
        <div className="skills-load-error">
          <p className="form-error" role="alert">
            {errorMessageOf(preview.error, SKILLS_ERRORS.load)}
          </p>
          <button type="button" className="button" onClick={() => void preview.refetch()}>
            Retry
          </button>
        </div>
      ) : !skills.length ? (
        <p className="empty">
          {noSkills
            ? 'Nothing to show yet: add a skill, and it appears here once a project or post mentions it.'
            : noneEnabled
              ? 'Nothing to show: every skill is turned off (Enabled unticked).'
              : 'Nothing to show yet: no project or post mentions an enabled skill, or every such skill is hidden by an adjustment.'}
        </p>
      ) : (
        <ul className="skills-preview-list">
          {skills.map((s) => (
            <li key={s.name} className="skills-preview-item">
              <div className="skills-preview-head">
                <span className="skills-preview-name">{s.name}</span>
                <span className="skills-preview-bucket">{s.bucket}</span>
              </div>
              <SkillLevel name={s.name} level={s.level} />
              <span className="skills-preview-count">{related(s.relatedProjects.length)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
