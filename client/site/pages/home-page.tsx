// Home: hero, tagline, about, the three hero buttons, then featured projects and latest posts.
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { Link } from 'wouter'
import { useSite, useSiteData } from '../../lib/site-context'
import { postsQuery, projectsQuery, type SiteData } from '../../lib/site-data'
import { ProjectCard } from '../components/project-card'

export const prefetchHome = (qc: QueryClient, data: SiteData) => Promise.all([qc.prefetchQuery(projectsQuery(data, {})), qc.prefetchQuery(postsQuery(data, { limit: 3 }))])

export function HomePage() {
  const site = useSite()
  const data = useSiteData()
  const projects = useQuery(projectsQuery(data, {}))
  const posts = useQuery(postsQuery(data, { limit: 3 }))

  return (
    <div className="page home">
      <section className="hero" aria-labelledby="hero-title">
        <p className="eyebrow">{site.siteName}</p>
        <h1 id="hero-title">{site.heroTitle}</h1>
        <p className="tagline">{site.tagline}</p>
        <p className="lede">{site.heroSubtitle}</p>
        <p className="hero-actions">
          <Link href="/projects" className="button primary">View Projects</Link>
          <Link href="/blog" className="button">Read Blog</Link>
          <Link href="/contact" className="button">Contact</Link>
        </p>
      </section>
      <section aria-labelledby="featured-title">
        <h2 id="featured-title">Featured projects</h2>
        {projects.data && (
          <ul className="card-grid">
            {projects.data.slice(0, 3).map((p) => (
              <li key={p.slug}>
                <ProjectCard project={p} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="latest-title">
        <h2 id="latest-title">Latest posts</h2>
        {posts.data && (
          <ul className="post-list">
            {posts.data.map((p) => (
              <li key={p.slug}>
                <Link href={`/blog/${p.slug}`}>{p.title}</Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
