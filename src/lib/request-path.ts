// The path (and query) of a request URL without parsing it: `new URL()` on every request of the
// hot path costs more than the rest of a cached page's answer.

/** '/blog?tag=x' from 'http://host/blog?tag=x#top'. */
export function pathAndQuery(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2)
  if (start < 0) return '/'
  const hash = url.indexOf('#', start)
  return hash < 0 ? url.slice(start) : url.slice(start, hash)
}

/** '/blog' from 'http://host/blog?tag=x#top'. */
export function pathOnly(url: string): string {
  const full = pathAndQuery(url)
  const query = full.indexOf('?')
  return query < 0 ? full : full.slice(0, query)
}
