// Sample media: project artwork drawn as SVG from its name (so it needs no files and ships in
// the binary for free), and the one sample video. Owners link their own media by URL.
// Imported as a file: Bun embeds it in the compiled binary and gives its path either way.
import sampleVideo from './media/fpga-scope.mp4' with { type: 'file' }
import shareImage from './media/og-default.jpg' with { type: 'file' }

const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

function hash(text: string): number {
  let h = 2166136261
  for (const c of text) h = Math.imul(h ^ c.charCodeAt(0), 16777619)
  return h >>> 0
}

const titleOf = (name: string) => name.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase())

/** A 1200×630 artwork: a gradient, a circuit-like trace and the title. */
export function projectArtwork(name: string): string | null {
  if (!NAME.test(name) || name.length > 80) return null
  const h = hash(name)
  const hue = h % 360
  const hue2 = (hue + 40 + (h % 80)) % 360
  const points = Array.from({ length: 13 }, (_, i) => `${i * 100},${315 + Math.round(Math.sin((h % 7) + i * 0.9) * 150)}`).join(' ')
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" role="img" aria-label="${titleOf(name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 55% 22%)"/><stop offset="1" stop-color="hsl(${hue2} 60% 12%)"/></linearGradient>
<pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0V40" fill="none" stroke="hsl(${hue} 40% 40% / .25)"/></pattern></defs>
<rect width="1200" height="630" fill="url(#g)"/><rect width="1200" height="630" fill="url(#p)"/>
<polyline points="${points}" fill="none" stroke="hsl(${hue2} 90% 70%)" stroke-width="6" stroke-linejoin="round"/>
<text x="60" y="560" font-family="system-ui, sans-serif" font-size="64" font-weight="700" fill="#fff">${titleOf(name)}</text></svg>`
}

export const SAMPLE_VIDEO = { path: '/media/fpga-scope.mp4', file: sampleVideo }

/** The site's default social card (Open Graph, Twitter): pages without an image of their own. */
export const SHARE_IMAGE = { path: '/media/share.jpg', file: shareImage, width: 1200, height: 630 }

export const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#0f1115"/><path d="M14 44 L26 20 L38 40 L50 16" fill="none" stroke="#7cb7ff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></svg>`
