// The owner's accent colour, made readable in both themes: links and focus rings in the accent
// must reach WCAG AA (4.5:1) on each theme's backgrounds, so a chosen colour that does not is
// lightened (dark theme) or darkened (light theme) just enough. The pages never show a colour
// that fails, whatever the owner picks; the settings screen shows what each theme will use.

/** The backgrounds accent text sits on in each theme (client/site/styles/base.css). */
export const THEME_BACKGROUNDS = {
  dark: ['#0f1115', '#171a21', '#1f232c'],
  light: ['#fbfbfc', '#ffffff', '#f1f3f6'],
} as const
export type ThemeName = keyof typeof THEME_BACKGROUNDS

export const AA = 4.5

type Rgb = [number, number, number]

const toRgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb
const toHex = (rgb: Rgb) => '#' + rgb.map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')

function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as Rgb
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

const mix = (hex: string, toward: Rgb, t: number) => toHex(toRgb(hex).map((c, i) => c + (toward[i]! - c) * t) as Rgb)

function toHsl(hex: string): [number, number, number] {
  const [r, g, b] = toRgb(hex).map((c) => c / 255) as Rgb
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  if (max === min) return [0, 0, l]
  const d = max - min
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min)
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4
  return [h / 6, s, l]
}

function fromHsl(h: number, s: number, l: number): string {
  if (s === 0) return toHex([l * 255, l * 255, l * 255])
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s
  const p = 2 * l - q
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t
    if (u < 1 / 6) return p + (q - p) * 6 * u
    if (u < 1 / 2) return q
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6
    return p
  }
  return toHex([channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255])
}

/** The lowest contrast of `colour` on any background of `theme`. */
export const worstContrast = (colour: string, theme: ThemeName) => Math.min(...THEME_BACKGROUNDS[theme].map((bg) => contrast(colour, bg)))

/**
 * `accent` made lighter (dark theme) or darker (light theme) by the smallest step of HSL lightness
 * that reaches AA: the hue and saturation stay, so a chosen blue stays that blue.
 */
function readable(accent: string, theme: ThemeName, target = AA): string {
  const [h, s, l] = toHsl(accent)
  const direction = theme === 'dark' ? 1 : -1
  for (let step = 0; step <= 100; step++) {
    const candidate = fromHsl(h, s, Math.min(1, Math.max(0, l + (direction * step) / 100)))
    if (worstContrast(candidate, theme) >= target) return candidate
  }
  return theme === 'dark' ? '#ffffff' : '#000000'
}

export type ThemeAccent = { accent: string; strong: string; text: string }

/** The colours a theme uses for `accent`: links, the hover shade, and text on an accent fill. */
export function themeAccent(accent: string, theme: ThemeName): ThemeAccent {
  const base = readable(accent, theme)
  // The hover shade: a further step in the same direction, still AA.
  const strong = mix(base, theme === 'dark' ? [255, 255, 255] : [0, 0, 0], 0.25)
  const text = contrast(base, '#ffffff') >= contrast(base, '#0b1220') ? '#ffffff' : '#0b1220'
  return { accent: base, strong, text }
}

/** The inline custom properties on <html> that base.css reads (style-src-attr allows them). */
export function accentStyle(accent: string): string {
  const parts: string[] = []
  for (const theme of ['dark', 'light'] as const) {
    const c = themeAccent(accent, theme)
    parts.push(`--accent-${theme}:${c.accent}`, `--accent-strong-${theme}:${c.strong}`, `--accent-text-${theme}:${c.text}`)
  }
  return parts.join(';')
}
