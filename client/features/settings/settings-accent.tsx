// The accent colour: a colour picker and its hex, and what each theme will really use (the public
// CSS lightens or darkens a colour that would not reach WCAG AA on that theme's backgrounds).
import { THEME_BACKGROUNDS, themeAccent, worstContrast, type ThemeName } from '#src/contract/owner/accent'
import { describedByOf, FieldNotes } from '#client/ui/editor/field-notes'

const HEX = /^#[0-9a-f]{6}$/i
const THEMES = [
  ['dark', 'Dark theme', '#e7e9ee'],
  ['light', 'Light theme', '#1a1d23'],
] as const satisfies readonly [ThemeName, string, string][]

/** 7.46 -> '7.4:1': rounded down, so a ratio never reads better than it is. */
const ratio = (n: number) => `${(Math.floor(n * 10) / 10).toFixed(1)}:1`

/** "Dark theme: #7cb7ff, contrast 9.1:1" or "Light theme: adjusted to #0b5cc5 for contrast (5.9:1)". */
export function themeLine(accent: string, theme: ThemeName, label: string): string {
  const used = themeAccent(accent, theme).accent
  const contrast = ratio(worstContrast(used, theme))
  return used === accent.toLowerCase() ? `${label}: ${used}, contrast ${contrast}` : `${label}: adjusted to ${used} for contrast (${contrast})`
}

type Props = { value: string; error?: string | undefined; onChange: (value: string) => void }

export function SettingsAccent({ value, error, onChange }: Props) {
  const valid = HEX.test(value.trim())
  const accent = valid ? value.trim().toLowerCase() : null
  const help = 'Links, buttons and highlights. Each theme adjusts it where needed so text stays readable (WCAG AA, 4.5:1).'
  return (
    <div className="field settings-accent">
      <label htmlFor="settings-accent">Accent colour</label>
      <div className="settings-accent-inputs">
        <input type="color" className="settings-accent-picker" aria-label="Pick the accent colour" value={accent ?? '#000000'} onChange={(e) => onChange(e.target.value)} />
        <input
          id="settings-accent"
          type="text"
          className="code-input"
          value={value}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          placeholder="#3366cc"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByOf('settings-accent', help, error)}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <FieldNotes id="settings-accent" help={help} error={error} />
      {accent ? (
        <ul className="settings-accent-preview" aria-label="How the accent looks">
          {THEMES.map(([theme, label, text]) => {
            const used = themeAccent(accent, theme)
            return (
              <li key={theme}>
                <span className="settings-swatch" style={{ background: THEME_BACKGROUNDS[theme][0], color: text }} aria-hidden="true">
                  <span style={{ color: used.accent }}>Link</span>
                  <span className="settings-swatch-fill" style={{ background: used.accent, color: used.text }}>
                    Button
                  </span>
                </span>
                <span>{themeLine(accent, theme, label)}</span>
              </li>
            )
          })}
        </ul>
      ) : (
        <p className="help">Type a colour like #3366cc to see it in both themes.</p>
      )}
    </div>
  )
}
