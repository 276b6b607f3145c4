// Health room, its public face: the version other features name in what they write (docs/architecture.md, "Import boundaries").
export { VERSION } from './version'
