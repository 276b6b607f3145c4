// The public site's one script (decision 066): a few small behaviours in plain code, and the
// islands of the page, each imported and hydrated on demand. It imports no React: a page with no
// island runs only this.
import { BOOT_ELEMENT_ID, type PageBoot } from '#src/contract/site'
import { hydrateIslands } from './islands/hydrate-islands'
import { startHeader } from './layout/header-script'
import { startPageViews } from './page-views-script'
import { startReadingExtras } from './reading-script'
import './styles/index.css'

const boot = JSON.parse(document.getElementById(BOOT_ELEMENT_ID)?.textContent ?? '{}') as Partial<PageBoot>
startHeader()
startReadingExtras()
startPageViews(boot)
void hydrateIslands().then(() => {
  // Tests and the project hero's CSS wait for this: every island on the page is live.
  document.documentElement.dataset.hydrated = ''
})
