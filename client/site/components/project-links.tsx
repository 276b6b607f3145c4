import { pingHref } from '#client/lib/ping-href'
import { useSite } from '#client/lib/site-context'

const LABELS: Record<string, string> = {
  repo: 'Source code',
  source: 'Source code',
  github: 'GitHub',
  live: 'Live site',
  demo: 'Demo',
  caseStudy: 'Case study',
  docs: 'Documentation',
  paper: 'Paper',
  slides: 'Slides',
}

/** "caseStudy" or "case_study" reads as "Case study". */
export function linkLabel(key: string): string {
  if (LABELS[key]) return LABELS[key]
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words ? words[0]!.toUpperCase() + words.slice(1) : key
}

const isExternal = (url: string) => /^https?:\/\//i.test(url)

/** The demo links other than the video and the embedded app (repo, live site, case study…). */
export function ProjectLinks({ links }: { links: [string, string][] }) {
  const ping = pingHref(useSite(), 'outbound')
  if (!links.length) return null
  return (
    <section className="project-section" aria-labelledby="links-title">
      <h2 id="links-title">Links</h2>
      <ul className="project-links">
        {links.map(([key, url]) => (
          <li key={key}>
            <a href={url} {...(isExternal(url) ? { rel: 'noopener noreferrer', ping } : {})}>
              {linkLabel(key)}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
