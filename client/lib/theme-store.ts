// The theme's names and where it is kept, without React: the public site's script uses these
// alone (client/site/layout/header-script.ts), the admin through client/lib/theme.ts.
export type Theme = 'dark' | 'light'
export const THEME_KEY = 'theme'
export const DEFAULT_THEME: Theme = 'dark'

export const parseTheme = (value: unknown): Theme => (value === 'light' || value === 'dark' ? value : DEFAULT_THEME)
