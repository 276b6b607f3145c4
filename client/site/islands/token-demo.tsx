// Island `token-demo` (decision 066): the live token demo of /demo/dapp. Its chunk holds the demo
// and nothing of the page around it; the wallet's curve code is a chunk of its own again, loaded
// on the first Connect click.
import { DemoApp } from '#client/features/demo/demo-app'

/** Plain JSON, as every island's props: the API base is all the demo needs from the site. */
export type TokenDemoProps = { apiBase: string }

export function TokenDemo({ apiBase }: TokenDemoProps) {
  return <DemoApp apiBase={apiBase} />
}
