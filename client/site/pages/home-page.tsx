// Home: the owner (photo, name, headline, tagline, links), the three hero buttons, the about
// text (settings), then featured projects and latest posts.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import * as paths from '#src/contract/paths'
import { errorText } from '#client/lib/api'
import { hasSocialLinks, SocialLinkItems, useSite, useSiteData } from '#client/lib/site-context'
import { postsQuery, projectsQuery } from '#client/lib/site-data'
import { HomePostCard } from '../components/home-post-card'
import { HomeProjectCard } from '../components/home-project-card'
import { HomeSection } from '../components/home-section'
import { SocialIcon } from '../components/social-icons'
import { initialsOf } from '#src/contract/owner/initials'
import { Picture, plainImage } from '../components/picture'
import { pingHref } from '#client/lib/ping-href'
import { FEATURED_COUNT, LATEST_COUNT } from './home-data'

/** The photo shows 120 px wide on a phone, 160 px from 48rem (home.css). */
const PHOTO_SIZES = '(min-width: 48rem) 160px, 120px'

export function HomePage() {
  const site = useSite()
  const data = useSiteData()
  const projects = useQuery(projectsQuery(data, {}))
  const posts = useQuery(postsQuery(data, { limit: LATEST_COUNT }))

  return (
    <div className="page home">
      {/* The owner first: photo (or initials), name, short bio and links; then the headline. */}
      <section className="hero with-photo" aria-labelledby="hero-title">
        {site.avatar ? (
          <Picture image={site.avatarImage ?? plainImage(site.avatar)} alt={site.siteName} sizes={PHOTO_SIZES} fallbackSize={{ width: 160, height: 160 }} className="hero-photo" fetchPriority="high" />
        ) : (
          <span className="hero-photo hero-monogram" aria-hidden="true">
            {initialsOf(site.siteName)}
          </span>
        )}
        <div className="hero-text">
          <p className="hero-name">{site.siteName}</p>
          {site.tagline && <p className="tagline">{site.tagline}</p>}
          {hasSocialLinks(site) && (
            <ul className="hero-links">
              <SocialLinkItems site={site} ping={pingHref(site, 'outbound')} icon={(key) => <SocialIcon name={key} />} />
            </ul>
          )}
          <h1 id="hero-title">{site.heroTitle}</h1>
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
        </div>
      </section>

      {(site.aboutHtml || site.heroSubtitle) && (
        <section className="home-section about" aria-labelledby="about-title">
          <h2 id="about-title">About</h2>
          {site.aboutHtml ? <div className="prose" dangerouslySetInnerHTML={{ __html: site.aboutHtml }} /> : <p>{site.heroSubtitle}</p>}
        </section>
      )}

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
