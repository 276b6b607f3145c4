// assets.json, the reference's one input besides the database: the hashed client assets and the
// canonical origin of a folio page, so the reference's documents link what folio's link.
import { pageCopy } from '#bench/lib/capture'
import { parseSiteOrigin } from '#src/contract/site-origin'
import type { DocumentAssets } from '#src/web/document'

/** `origin`: SITE_URL as folio ran with it ('http://localhost:3000'), read back from a canonical link. */
export type ReferenceSetup = { assets: DocumentAssets; origin: string }

/** From the HTML folio sent for `path` (any page with a canonical link: not a 404). */
export function referenceSetup(path: string, html: string): ReferenceSetup {
  const copy = pageCopy(path, html)
  if (!copy.canonical) throw new Error(`${path}: no canonical link to take the origin from`)
  return { assets: copy.assets, origin: parseSiteOrigin(copy.canonical).origin }
}
