// The admin navigation of spec section 2, plus Backups (issue 8), Settings (issue 19) and Security
// (issue 23) (paths relative to /admin).
export const ADMIN_NAV = [
  { href: '/', label: 'Dashboard' },
  { href: '/resumes', label: 'Resumes' },
  // `unread`: the item shows the inbox's unread count (client/features/notifications/unread-badge.tsx).
  { href: '/messages', label: 'Messages', unread: true },
  { href: '/projects', label: 'Projects' },
  { href: '/posts', label: 'Blog Posts' },
  { href: '/skills', label: 'Skills' },
  { href: '/backups', label: 'Backups' },
  { href: '/settings', label: 'Settings' },
  { href: '/security', label: 'Security' },
] as const
