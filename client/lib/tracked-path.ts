// Which paths count as page views, alone: the public page script imports this without the API
// client (client/lib/api.ts), which would otherwise be bundled into every page's one script.

/** Paths the site records; /admin pages (any case, as the server counts them) are private. */
export function isTrackedPath(path: string): boolean {
  return path.startsWith('/') && !path.toLowerCase().startsWith('/admin')
}
