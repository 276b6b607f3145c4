// Runs src/main.ts as its own process, the way `npm start` does.
import { join } from 'node:path'
import { REPO_ROOT } from '#tests/support/repo-root'

const MAIN = join(REPO_ROOT, 'src/main.ts')

/** `args` are folio's command line (none: serve); `stdin` is piped in when given. */
export function spawnMain(env: Record<string, string>, cwd: string, args: string[] = [], stdin?: string) {
  return Bun.spawn([process.execPath, '--no-env-file', MAIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdin: stdin === undefined ? 'ignore' : new TextEncoder().encode(stdin),
    stdout: 'pipe',
    stderr: 'pipe',
  })
}

export async function freePort(): Promise<number> {
  const probe = Bun.serve({ port: 0, fetch: () => new Response() })
  const port = probe.port!
  await probe.stop(true)
  return port
}

export async function waitForHealth(url: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await Bun.sleep(50)
  }
  throw new Error(`no health at ${url}`)
}
