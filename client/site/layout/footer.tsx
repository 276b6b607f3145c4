import { Link } from 'wouter'
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
            <a href={site.githubUrl} rel="me noopener noreferrer">
              GitHub
            </a>
          </li>
          <li>
            <a href={site.linkedInUrl} rel="me noopener noreferrer">
              LinkedIn
            </a>
          </li>
        </ul>
      </div>
    </footer>
  )
}
