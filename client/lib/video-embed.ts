// How a project's demoLinks.video plays (spec section 2): a direct file in <video>, a YouTube or
// Vimeo page as an embed URL that autoplays muted and looping, anything else only as a link.

export type VideoSource =
  | { kind: 'file'; src: string; type: string }
  | { kind: 'youtube' | 'vimeo'; src: string }

const FILE_TYPES: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', ogg: 'video/ogg', ogv: 'video/ogg' }
const YOUTUBE_ID = /^[A-Za-z0-9_-]{6,20}$/
const VIMEO_ID = /^\d{3,12}$/
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i
// Relative links (site paths) resolve against a placeholder origin; only the path is used then.
const BASE = 'http://relative.invalid'

function parse(raw: string): URL | null {
  const value = raw.trim()
  // Same rule as the contract's demo links: http(s) or a site path, never another scheme.
  if (!/^https?:\/\//i.test(value) && !value.startsWith('/')) return null
  try {
    return new URL(value, BASE)
  } catch {
    return null
  }
}

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '')

export function youtubeId(url: URL): string | null {
  const host = hostOf(url)
  const parts = url.pathname.split('/').filter(Boolean)
  let id: string | null | undefined
  if (host === 'youtu.be') id = parts[0]
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'music.youtube.com') {
    if (parts[0] === 'watch') id = url.searchParams.get('v')
    else if (parts[0] === 'shorts' || parts[0] === 'embed' || parts[0] === 'live') id = parts[1]
  }
  return id && YOUTUBE_ID.test(id) ? id : null
}

export function vimeoId(url: URL): { id: string; hash?: string } | null {
  const host = hostOf(url)
  const parts = url.pathname.split('/').filter(Boolean)
  if (host === 'player.vimeo.com') {
    const id = parts[0] === 'video' ? parts[1] : undefined
    const hash = url.searchParams.get('h') ?? undefined
    return id && VIMEO_ID.test(id) ? { id, ...(hash && VIMEO_HASH.test(hash) ? { hash } : {}) } : null
  }
  if (host !== 'vimeo.com') return null
  // vimeo.com/ID, vimeo.com/ID/HASH (unlisted), vimeo.com/channels/x/ID, vimeo.com/groups/x/videos/ID
  const index = parts.findIndex((p) => VIMEO_ID.test(p))
  if (index < 0) return null
  const hash = parts[index + 1]
  return { id: parts[index]!, ...(hash && VIMEO_HASH.test(hash) ? { hash } : {}) }
}

export const youtubeEmbedUrl = (id: string) =>
  // NOTE: YouTube loops a single video only when it is also its own playlist.
  `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&mute=1&loop=1&playlist=${id}&playsinline=1&rel=0`

export const vimeoEmbedUrl = (id: string, hash?: string) =>
  `https://player.vimeo.com/video/${id}?${hash ? `h=${hash}&` : ''}autoplay=1&muted=1&loop=1`

/** The player for a video link, or null when it is neither a video file nor a YouTube/Vimeo page. */
export function videoSource(raw: string | undefined): VideoSource | null {
  if (!raw) return null
  const url = parse(raw)
  if (!url) return null
  const youtube = youtubeId(url)
  if (youtube) return { kind: 'youtube', src: youtubeEmbedUrl(youtube) }
  const vimeo = vimeoId(url)
  if (vimeo) return { kind: 'vimeo', src: vimeoEmbedUrl(vimeo.id, vimeo.hash) }
  const ext = /\.([a-z0-9]+)$/i.exec(url.pathname)?.[1]?.toLowerCase()
  const type = ext ? FILE_TYPES[ext] : undefined
  return type ? { kind: 'file', src: raw.trim(), type } : null
}
