// The reference servers as processes of their own, so none shares an event loop with wrk's
// parsing or with the bench itself: started on a free port, ready on the first answer.
import { freePort } from '#tests/support/server/process'

export type Server = { url: string; proc: Bun.Subprocess; stop(): Promise<void> }

/** Runs `cmd` (the port appended as its last argument) until `probe` answers at all. */
export async function startServer(cmd: string[], probe: string): Promise<Server> {
  const port = await freePort()
  const proc = Bun.spawn([...cmd, String(port)], { stdin: 'ignore', stdout: 'ignore', stderr: 'inherit' })
  const url = `http://127.0.0.1:${port}`
  const until = Date.now() + 30_000
  while (Date.now() < until) {
    if (await fetch(url + probe).then(() => true, () => false)) {
      return {
        url,
        proc,
        async stop() {
          proc.kill('SIGTERM')
          await proc.exited
        },
      }
    }
    if (proc.exitCode !== null) throw new Error(`${cmd.join(' ')} exited ${proc.exitCode}`)
    await Bun.sleep(20)
  }
  proc.kill('SIGKILL')
  throw new Error(`${cmd.join(' ')}: no answer within 30 s`)
}
