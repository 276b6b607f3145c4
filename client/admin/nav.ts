// The admin navigation of spec section 2, plus Backups (issue 8) (paths relative to /admin).
export const ADMIN_NAV = [
  { href: '/', label: 'Dashboard' },
  { href: '/resumes', label: 'Resumes' },
  { href: '/messages', label: 'Messages' },
  { href: '/projects', label: 'Projects' },
  { href: '/posts', label: 'Blog Posts' },
  { href: '/skills', label: 'Skills' },
  { href: '/backups', label: 'Backups' },
] as const
