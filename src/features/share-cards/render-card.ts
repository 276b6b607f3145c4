// A share card drawn: satori lays the card out and turns its text into paths (SVG), resvg paints
// the SVG as a 1200×630 PNG. Both are WebAssembly and JavaScript, so the binary carries them;
// loaded on the first card only (share-cards/cards.ts imports this lazily), never at start.
import { Resvg } from '@resvg/resvg-wasm'
import interBold from '@fontsource/inter/files/inter-latin-700-normal.woff' with { type: 'file' }
import interRegular from '@fontsource/inter/files/inter-latin-400-normal.woff' with { type: 'file' }
import { createElement as h } from 'react'
import satori from 'satori'
import { resvgReady } from './resvg'

export const CARD = { width: 1200, height: 630 } as const

/** What a card shows: the page's title, a line under it, whose site it is, in the owner's accent. */
export type CardContent = { title: string; subtitle: string; siteName: string; initials: string; accent: string; accentText: string; label: string }

let ready: Promise<{ regular: ArrayBuffer; bold: ArrayBuffer }> | null = null
const load = () =>
  (ready ??= (async () => {
    await resvgReady()
    return { regular: await Bun.file(interRegular).arrayBuffer(), bold: await Bun.file(interBold).arrayBuffer() }
  })())

/** Longer titles are cut with an ellipsis: three lines of 64 px fit the card. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text)

export async function renderCard(c: CardContent): Promise<Uint8Array<ArrayBuffer>> {
  const fonts = await load()
  const svg = await satori(
    h(
      'div',
      { style: { width: CARD.width, height: CARD.height, boxSizing: 'border-box', display: 'flex', flexDirection: 'column', padding: '56px 72px 64px', background: '#0f1115', color: '#e7e9ee', borderTop: `16px solid ${c.accent}` } },
      h(
        'div',
        { style: { display: 'flex', alignItems: 'center', gap: '24px' } },
        h('div', { style: { width: '72px', height: '72px', borderRadius: '36px', background: c.accent, color: c.accentText, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: '32px', fontWeight: 700 } }, c.initials),
        h('div', { style: { display: 'flex', flexDirection: 'column' } }, h('div', { style: { fontSize: '32px', fontWeight: 700 } }, clip(c.siteName, 40)), h('div', { style: { fontSize: '24px', color: '#a9b0bd' } }, c.label)),
      ),
      h('div', { style: { display: 'flex', flexGrow: 1 } }),
      h(
        'div',
        { style: { display: 'flex', flexDirection: 'column', width: CARD.width - 144 } },
        h('div', { style: { display: 'flex', fontSize: '64px', fontWeight: 700, lineHeight: '74px' } }, clip(c.title, 90)),
        c.subtitle ? h('div', { style: { display: 'flex', marginTop: '20px', fontSize: '28px', fontWeight: 400, color: '#a9b0bd', lineHeight: '40px' } }, clip(c.subtitle, 140)) : null,
      ),
    ),
    {
      ...CARD,
      fonts: [
        { name: 'Inter', data: fonts.regular, weight: 400, style: 'normal' },
        { name: 'Inter', data: fonts.bold, weight: 700, style: 'normal' },
      ],
    },
  )
  const png = new Resvg(svg, { fitTo: { mode: 'original' } }).render()
  try {
    return new Uint8Array(png.asPng())
  } finally {
    png.free()
  }
}
