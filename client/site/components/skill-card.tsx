import * as paths from '#src/contract/paths'
import type { RelatedProject, Skill } from '#src/contract/skill'
import { SkillLevel } from '#client/ui/skill-level'

/** Where a related project entry leads: its page, or the projects tagged with the skill. */
export const relatedHref = (skill: string, project: RelatedProject) =>
  project.slug ? paths.project(project.slug) : paths.projectsTagged(skill)

const countText = (n: number) => `${n} related project${n === 1 ? '' : 's'}`

/**
 * A skill under its bucket's heading (so its own heading is an h3, and the bucket not repeated).
 * NOTE: part of the skills island: plain links, no router (decision 066).
 */
export function SkillCard({ skill }: { skill: Skill }) {
  const related = skill.relatedProjects
  return (
    <article className="skill-card">
      <h3 className="card-title">{skill.name}</h3>
      <SkillLevel name={skill.name} level={skill.level} />
      <p className="skill-related-count">{countText(related.length)}</p>
      {related.length > 0 && (
        <ul className="skill-related" aria-label={`Projects using ${skill.name}`}>
          {related.map((p, i) => (
            <li key={`${i}:${p.slug ?? p.title}`}>
              <a href={relatedHref(skill.name, p)}>{p.title}</a>
            </li>
          ))}
        </ul>
      )}
    </article>
  )
}
