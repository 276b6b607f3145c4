// Home: hero, tagline, about, the three hero buttons, then featured projects and latest posts.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import * as paths from '#src/contract/paths'
import { errorText } from '#client/lib/api'
import { useSite, useSiteData } from '#client/lib/site-context'
import { postsQuery, projectsQuery } from '#client/lib/site-data'
import { HomePostCard } from '../components/home-post-card'
import { HomeProjectCard } from '../components/home-project-card'
import { HomeSection } from '../components/home-section'
import { FEATURED_COUNT, LATEST_COUNT } from './home-data'


export function HomePage() {
  const site = useSite()
  const data = useSiteData()
  const projects = useQuery(projectsQuery(data, {}))
  const posts = useQuery(postsQuery(data, { limit: LATEST_COUNT }))

  return (
    <div className="page home">
      <section className="hero" aria-labelledby="hero-title">
        <p className="eyebrow">{site.siteName}</p>
        <h1 id="hero-title">{site.heroTitle}</h1>
        <p className="tagline">{site.tagline}</p>
        <p className="hero-actions">
          <Link href={paths.projects()} className="button primary">
            View Projects
          </Link>
          <Link href={paths.blog()} className="button">
            Read Blog
          </Link>
          <Link href={paths.contact} className="button">
            Contact
          </Link>
        </p>
      </section>

      <section className="home-section about" aria-labelledby="about-title">
        <h2 id="about-title">About</h2>
        <p>{site.heroSubtitle}</p>
        <p>
          Browse the <Link href={paths.projects()}>projects</Link> for write-ups, demos and the numbers behind them, or read the{' '}
          <Link href={paths.blog()}>blog</Link> for notes from the work. Questions or ideas are welcome through the{' '}
          <Link href={paths.contact}>contact form</Link>.
        </p>
      </section>

      <HomeSection id="featured" title="Featured projects" more={{ href: paths.projects(), label: 'All projects' }}>
        {projects.isPending ? (
          <p role="status">Loading…</p>
        ) : projects.isError ? (
          <p role="alert" className="error">
            Failed to load projects: {errorText(projects.error)}
          </p>
        ) : projects.data.length === 0 ? (
          <p className="empty">No projects yet.</p>
        ) : (
          <ul className="home-grid">
            {projects.data.slice(0, FEATURED_COUNT).map((p) => (
              <li key={p.slug}>
                <HomeProjectCard project={p} />
              </li>
            ))}
          </ul>
        )}
      </HomeSection>

      <HomeSection id="latest" title="Latest posts" more={{ href: paths.blog(), label: 'All posts' }}>
        {posts.isPending ? (
          <p role="status">Loading…</p>
        ) : posts.isError ? (
          <p role="alert" className="error">
            Failed to load posts: {errorText(posts.error)}
          </p>
        ) : posts.data.length === 0 ? (
          <p className="empty">No posts yet.</p>
        ) : (
          <ul className="home-posts">
            {posts.data.slice(0, LATEST_COUNT).map((p) => (
              <li key={p.slug}>
                <HomePostCard post={p} />
              </li>
            ))}
          </ul>
        )}
      </HomeSection>
    </div>
  )
}
