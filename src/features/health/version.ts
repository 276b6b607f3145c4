// The version folio reports (--version, /api/health, backup manifests): package.json's.
import pkg from '#package.json'

export const VERSION: string = pkg.version
