// /skills: the heading, the quick links to project tags, and the skills island (search by name, a
// category filter, level bars, related projects). The server renders the island for ?search= and
// ?bucket=, so the filters work as a plain GET form without JavaScript (decision 066).
import { useQuery } from '@tanstack/react-query'
import { useSearch } from 'wouter'
import { errorText } from '#client/lib/api'
import { useSite, useSiteData } from '#client/lib/site-context'
import { skillsQuery } from '#client/lib/site-data'
import { ProjectTagLinks } from '../components/project-tag-links'
import { island } from '../islands/island'
import { filtersOf } from '../islands/skills-filter'
import { SkillsList } from '../islands/skills-list'

const SkillsListIsland = island('skills-list', SkillsList)

export function SkillsPage() {
  const { search, bucket } = filtersOf(useSearch())
  const query = useQuery(skillsQuery(useSiteData()))
  const site = useSite()

  return (
    <div className="page skills-page">
      <header className="page-header">
        <h1>Skills</h1>
        {site.intros.skills && <p className="lede">{site.intros.skills}</p>}
      </header>
      <ProjectTagLinks tags={site.quickTags} />
      {query.isPending ? (
        <p role="status">Loading…</p>
      ) : query.isError ? (
        <p role="alert" className="error">
          {`Could not load skills: ${errorText(query.error)}`}
        </p>
      ) : (
        <SkillsListIsland skills={query.data} search={search} bucket={bucket} />
      )}
    </div>
  )
}
