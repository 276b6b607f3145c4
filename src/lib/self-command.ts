// How this program starts itself as a child for another command: the server runs `folio images`
// and the share cards' renderer this way; in lib, so neither reaches up into the command line for it.

/** The compiled binary is its own command; from source it is bun running src/main.ts. */
export function selfCommand(): string[] {
  const compiled = import.meta.dir.startsWith('/$bunfs/')
  return compiled ? [process.execPath] : [process.execPath, new URL('../main.ts', import.meta.url).pathname]
}
