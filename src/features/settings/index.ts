// Settings room, its public face: what other features use of the site's settings (docs/architecture.md, "Import boundaries").
export { settingsStore } from './service'
