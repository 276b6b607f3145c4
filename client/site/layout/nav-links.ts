// Header navigation of spec section 2. NOTE: its fixed paths are written out, not taken from
// src/contract/paths.ts, which the first-load script may not carry (see the NOTE there).
export const NAV_LINKS = [
  { href: '/', label: 'Home' },
  { href: '/projects', label: 'Projects' },
  { href: '/blog', label: 'Blog' },
  { href: '/skills', label: 'Skills' },
  { href: '/contact', label: 'Contact' },
] as const

/** A nav link is current on its own path and, except Home, below it. */
export const isCurrent = (href: string, path: string) => (href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`))
