// The owner's links elsewhere, in the order pages show them (settings `links`). Without zod: the
// site's first-load script imports this.
export type LinkKey = 'github' | 'linkedin' | 'email' | 'mastodon' | 'bluesky' | 'x' | 'website'

export const LINK_KEYS = ['github', 'linkedin', 'mastodon', 'bluesky', 'x', 'website', 'email'] as const satisfies readonly LinkKey[]
export const LINK_LABELS: Record<LinkKey, string> = {
  github: 'GitHub',
  linkedin: 'LinkedIn',
  email: 'Email',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  x: 'X',
  website: 'Website',
}
