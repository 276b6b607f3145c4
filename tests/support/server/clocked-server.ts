// A test server in a process of its own, on a fake clock: for requests that might stall the
// server's thread, which an in-process server would share with the test (so no timeout fires).
// Run as a script it starts the server and prints its URL; imported, spawnClockedServer runs it.
import { manualClock } from '#src/lib/clock'
import { startTestServer } from './server'

export type ClockedServer = { url: string; kill(): void }

/** Starts the server with its clock at `at`; kill() ends that process (SIGKILL: a stalled one runs no handler). */
export async function spawnClockedServer(at: string): Promise<ClockedServer> {
  const proc = Bun.spawn([process.execPath, '--no-env-file', import.meta.path, at], { stdout: 'pipe', stderr: 'inherit' })
  const reader = proc.stdout.getReader()
  let text = ''
  while (!text.includes('\n')) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`the clocked server exited before listening (${await proc.exited})`)
    text += new TextDecoder().decode(value)
  }
  reader.releaseLock()
  return { url: text.trim(), kill: () => proc.kill('SIGKILL') }
}

if (import.meta.main) {
  const server = await startTestServer({ clock: manualClock(new Date(process.argv[2]!)) })
  process.on('SIGTERM', () => void server.close().then(() => process.exit(0)))
  console.log(server.url)
}
