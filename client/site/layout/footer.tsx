import { Link } from 'wouter'
import { pingHref } from '../../lib/page-views'
import { useSite } from '../../lib/site-context'

export function Footer() {
  const site = useSite()
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <p>© {site.siteName}</p>
        <ul className="footer-links">
          <li>
            <Link href="/privacy">Privacy</Link>
          </li>
          <li>
            <a href={site.githubUrl} rel="me noopener noreferrer" ping={pingHref(site, 'outbound')}>
              GitHub
            </a>
          </li>
          <li>
            <a href={site.linkedInUrl} rel="me noopener noreferrer" ping={pingHref(site, 'outbound')}>
              LinkedIn
            </a>
          </li>
        </ul>
      </div>
    </footer>
  )
}
