import { Link } from 'wouter'

export function NotFoundScreen() {
  return (
    <section className="screen">
      <h1>Page not found</h1>
      <p>The page you're looking for doesn't exist or was moved.</p>
      <p>
        <Link href="/">Back to the dashboard</Link>
      </p>
    </section>
  )
}
