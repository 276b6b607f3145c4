import { Link } from 'wouter'
import { FOOTER_PING } from '#client/lib/ping-href'
import { SocialLinkItems, useSite } from '#client/lib/site-context'

export function Footer() {
  const site = useSite()
  const ping = site.pageViews === 'server' ? FOOTER_PING : undefined
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <p>© {site.siteName}</p>
        <ul className="footer-links">
          <li>
            <Link href="/privacy">Privacy</Link>
          </li>
          <SocialLinkItems site={site} ping={ping} />
        </ul>
      </div>
    </footer>
  )
}
