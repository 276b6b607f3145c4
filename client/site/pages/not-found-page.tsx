// The 404 page (spec section 2): any unknown path, and detail pages whose content does not exist.
import { Link } from 'wouter'

export const NOT_FOUND_TEXT = "The page you're looking for doesn't exist or was moved."

export function NotFoundPage() {
  return (
    <div className="page not-found">
      <h1>Page not found</h1>
      <p className="lede">{NOT_FOUND_TEXT}</p>
      <p className="not-found-actions">
        <Link href="/" className="button primary">
          Go to the home page
        </Link>
        <Link href="/blog" className="button">
          Read the blog
        </Link>
        <Link href="/projects" className="button">
          See the projects
        </Link>
      </p>
    </div>
  )
}
