import type { ReactNode } from 'react'
import { Link } from 'wouter'

/** A home page section: a heading with a link to the full list beside it, then the content. */
export function HomeSection({ id, title, more, children }: { id: string; title: string; more: { href: string; label: string }; children: ReactNode }) {
  return (
    <section className="home-section" aria-labelledby={`${id}-title`}>
      <div className="home-section-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <Link href={more.href} className="more-link">
          {more.label}
          <span aria-hidden="true"> →</span>
        </Link>
      </div>
      {children}
    </section>
  )
}
