// The token demo's page: with the demo off (settings demoEnabled) it is a 404 and nothing links it.
// NOTE: written out, not taken from src/contract/paths.ts, which the first-load script may not carry.
export const DEMO_PATH = '/demo/dapp'

/** `url` opens the demo page (with or without a query or fragment). */
export const isDemoPath = (url: string) => url === DEMO_PATH || url.startsWith(`${DEMO_PATH}?`) || url.startsWith(`${DEMO_PATH}#`) || url.startsWith(`${DEMO_PATH}/`)
