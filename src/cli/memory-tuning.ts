// The server's allocators, told to keep its resident size near what it uses (a 1 GB VPS).
// NOTE: both settings are read from the environment when the process starts, before any
// JavaScript runs, so the server sets them by replacing itself (execve: same PID, same arguments)
// once at start. Measured with bench/soak-probe.ts on the compiled binary (decision 009):
// unique searches, over-limit bodies, tags and junk queries peaked at 160 MiB of RSS without
// them and 138-142 MiB with them, at the same requests/s.

/**
 * mimalloc returns freed pages to the system at once instead of after a delay, and JavaScriptCore
 * sizes its heap for a 512 MiB machine (it reads the host's RAM otherwise, and collects lazily on
 * a large one). A value the owner set in the environment is kept.
 */
export const MEMORY_ENV = { MIMALLOC_PURGE_DELAY: '0', BUN_JSC_forceRAMSize: String(512 * 1024 * 1024) } as const
/** Set on the replaced process, so it does not replace itself again; `0` turns the tuning off. */
export const TUNED_MARK = 'FOLIO_MEMORY_TUNING'

type Exec = (file: string, args: string[], env: Record<string, string | undefined>) => void

/** The arguments that start this same program again (a compiled binary or `bun src/main.ts`). */
export function sameCommand(p: Pick<NodeJS.Process, 'argv' | 'execArgv' | 'execPath'> = process): string[] {
  const compiled = (p.argv[1] ?? '').startsWith('/$bunfs/')
  // A compiled binary prepends its own embedded runtime flags; `bun` needs them given again.
  return compiled ? [p.execPath, ...p.argv.slice(2)] : [p.execPath, ...p.execArgv, ...p.argv.slice(1)]
}

/** Replaces the process with itself under MEMORY_ENV unless that happened already or is turned off. Returns only when it did not. */
export function restartWithMemoryTuning(env: Record<string, string | undefined> = process.env, exec: Exec | undefined = process.execve): void {
  if (env[TUNED_MARK] !== undefined || !exec) return
  const args = sameCommand()
  exec(args[0]!, args, { ...MEMORY_ENV, ...env, [TUNED_MARK]: '1' })
}
