// /projects/{slug}: title, summary, role, tags, hero image, live app and video, the markdown body,
// Outcomes, other links and the gallery (spec section 2 "Project detail").
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import * as paths from '#src/contract/paths'
import { errorText } from '#client/lib/api'
import { useSiteData } from '#client/lib/site-context'
import { projectQuery } from '#client/lib/site-data'
import type { PageProps } from '../route-types'
import { ProjectDetail } from '../components/project-detail'

export function ProjectPage({ params }: PageProps) {
  const slug = params.slug ?? ''
  const query = useQuery(projectQuery(useSiteData(), slug))

  return (
    <div className="page project-page">
      <p className="back-link">
        <Link href={paths.projects()}>
          <span aria-hidden="true">← </span>All projects
        </Link>
      </p>
      {query.isPending ? (
        <p role="status">Loading…</p>
      ) : query.isError ? (
        <p role="alert" className="error">
          {errorText(query.error)}
        </p>
      ) : (
        <ProjectDetail project={query.data} />
      )}
    </div>
  )
}
