// Feeds room, its public face: XML text escaping, which the sitemap shares (docs/architecture.md, "Import boundaries").
export { xmlText } from './xml'
