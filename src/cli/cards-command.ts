// `folio cards`: the share cards' painter (src/features/share-cards/card-child.ts). The server
// starts it as a child process when a card is not drawn yet and talks to it over an IPC channel,
// so satori, resvg and the fonts live in the child and leave with it; by hand it has nothing to do.
import { paintCards } from '../features/share-cards/card-child'
import { CommandFailed } from './commands'

export async function cardsCommand(): Promise<void> {
  if (!(await paintCards())) throw new CommandFailed('the server starts `folio cards` by itself, when a share card is asked for; there is nothing to run by hand')
}
