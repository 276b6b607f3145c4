// The admin navigation of spec section 2 (paths relative to /admin).
export const ADMIN_NAV = [
  { href: '/', label: 'Dashboard' },
  { href: '/resumes', label: 'Resumes' },
  { href: '/messages', label: 'Messages' },
  { href: '/projects', label: 'Projects' },
  { href: '/posts', label: 'Blog Posts' },
  { href: '/skills', label: 'Skills' },
] as const
