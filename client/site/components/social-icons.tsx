// Small line icons for the owner's links on the home page (issue 22): drawn, not brand marks, so
// they sit together in one weight and cost a few hundred bytes. Decorative: the link's text names it.
import type { LinkKey } from '#src/contract/owner/social-links'

const PATHS: Record<LinkKey, string> = {
  // A cat's head for GitHub, "in" for LinkedIn, a speech bubble for Mastodon, a butterfly's wings
  // for Bluesky, an X, a globe for a website, an envelope for email.
  github: 'M5 3l2.5 3h5L15 3v5a5 5 0 0 1-10 0zM8 17h4',
  linkedin: 'M4 4h12v12H4zM7 9v4M7 6.5v.5M10 13V9m0 1.5a2 2 0 0 1 3 1.5V13',
  mastodon: 'M4 5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H9l-3 3v-3a2 2 0 0 1-2-2z',
  bluesky: 'M10 9C8 5 5 3 3.5 4S4 10 7 10c-3 1-2 5 1 4 1-.5 2-2 2-3 0 1 1 2.5 2 3 3 1 4-3 1-4 3 0 5-5 3.5-6S12 5 10 9z',
  x: 'M4 4l12 12M16 4L4 16',
  website: 'M10 3a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM3 10h14M10 3c2 2 2.8 4.5 2.8 7S12 15 10 17c-2-2-2.8-4.5-2.8-7S8 5 10 3z',
  email: 'M3 5h14v10H3zM3 5l7 6 7-6',
}

export function SocialIcon({ name }: { name: LinkKey }) {
  return (
    <svg className="social-icon" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  )
}
