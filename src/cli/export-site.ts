// `folio export <dir>`: the static export (src/web/site-export) with the app it renders every page
// through. The app is composed above the web layer, so the export is given it here.
import { createApp } from '#src/app'
import type { AppDeps } from '#src/app-deps'
import { exportSiteWith, type ExportOptions, type ExportSummary } from '#src/web/site-export/export'

export { ExportRefused } from '#src/web/site-export/export'

/** Writes the public site into `outDir` (src/web/site-export/export.ts says how). */
export const exportSite = (deps: AppDeps, outDir: string, options?: ExportOptions): Promise<ExportSummary> => exportSiteWith(createApp, deps, outDir, options)
