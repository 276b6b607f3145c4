// The accent colour made readable: whatever the owner picks, the colour each theme uses reaches
// WCAG AA on every background of that theme, and keeps its hue when it already does.
import { describe, expect, test } from 'bun:test'
import { AA, accentStyle, contrast, themeAccent, worstContrast } from '#src/contract/owner/accent'

const PICKS = ['#7cb7ff', '#0b5cc5', '#ffff00', '#000000', '#ffffff', '#e11d48', '#10b981', '#777777', '#7f00ff', '#00ffff']

describe('themeAccent', () => {
  for (const pick of PICKS) {
    test(`${pick}: AA in both themes, and text on an accent fill AA too`, () => {
      for (const theme of ['dark', 'light'] as const) {
        const c = themeAccent(pick, theme)
        expect(worstContrast(c.accent, theme)).toBeGreaterThanOrEqual(AA)
        expect(worstContrast(c.strong, theme)).toBeGreaterThanOrEqual(AA)
        expect(contrast(c.accent, c.text)).toBeGreaterThanOrEqual(AA)
      }
    })
  }

  test('a colour that already reads well is left as it is', () => {
    expect(themeAccent('#7cb7ff', 'dark').accent).toBe('#7cb7ff')
    expect(themeAccent('#0b5cc5', 'light').accent).toBe('#0b5cc5')
  })

  test('a light colour on the light theme is darkened, keeping its hue', () => {
    const c = themeAccent('#7cb7ff', 'light').accent
    expect(c).not.toBe('#7cb7ff')
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) as [number, number, number]
    // Still a blue: blue the strongest channel, red the weakest.
    expect(b).toBeGreaterThan(g)
    expect(g).toBeGreaterThan(r)
  })
})

test('accentStyle names the custom properties base.css reads, for both themes', () => {
  const style = accentStyle('#10b981')
  for (const name of ['--accent-dark', '--accent-strong-dark', '--accent-text-dark', '--accent-light', '--accent-strong-light', '--accent-text-light']) {
    expect(style).toMatch(new RegExp(`${name}:#[0-9a-f]{6}`))
  }
})
