// The limits the server puts on its `folio images` child (issue 32): resident memory read from
// /proc, and time per image. Real processes: a Bun that keeps allocating, a sleep.
import { describe, expect, test } from 'bun:test'
import { residentBytes, watchChild, type Overrun } from '#src/features/uploads/child-limits'

const MiB = 1024 * 1024

/** Watches `proc` until the watcher kills it; the overrun and the child's peak resident size. */
async function watched(proc: Pick<Bun.Subprocess, 'pid' | 'exited' | 'kill' | 'resourceUsage' | 'signalCode'>, limits: { memoryBytes: number; imageMs: number }) {
  let overrun = null as Overrun | null
  const watch = watchChild(proc.pid, limits, (why) => {
    overrun = why
    proc.kill('SIGKILL')
  })
  await proc.exited
  watch.stop()
  // The watcher's reading of the child's own VmHWM: the rusage of a reaped child is the largest of
  // every child this process ever waited for, which in the full suite is another test's.
  return { overrun, peak: watch.peakBytes(), signal: proc.signalCode }
}

describe('the child under limits', () => {
  test.skipIf(residentBytes(process.pid) === null)('a child growing past its memory limit is killed close to it', async () => {
    // 16 MiB more every 20 ms, each page touched: about 800 MB/s, faster than any codec here.
    const grow = 'const keep = []; setInterval(() => keep.push(new Uint8Array(16 * 1024 * 1024).fill(1)), 20)'
    const proc = Bun.spawn([process.execPath, '-e', grow], { stdout: 'ignore', stderr: 'ignore' })
    const { overrun, peak, signal } = await watched(proc, { memoryBytes: 200 * MiB, imageMs: 60_000 })
    expect(overrun).toBe('memory')
    expect(signal).toBe('SIGKILL')
    expect(peak).toBeGreaterThan(200 * MiB)
    // A poll interval of growth past the limit (measured: 3-17 MiB), with room for a late timer
    // on a loaded machine.
    expect(peak).toBeLessThan(350 * MiB)
  })

  test('an image that takes too long is killed, and each image begun gets its own time', async () => {
    const proc = Bun.spawn(['sleep', '30'])
    const started = Date.now()
    const { overrun, signal } = await watched(proc, { memoryBytes: 1024 * MiB, imageMs: 300 })
    expect(overrun).toBe('time')
    expect(signal).toBe('SIGKILL')
    expect(Date.now() - started).toBeLessThan(2_000)

    const busy = Bun.spawn(['sleep', '30'])
    let overrun2 = null as Overrun | null
    const watch = watchChild(busy.pid, { memoryBytes: 1024 * MiB, imageMs: 400 }, (why) => {
      overrun2 = why
      busy.kill('SIGKILL')
    })
    // A new image every 200 ms: never 400 ms on one.
    for (let i = 0; i < 5; i++) {
      await Bun.sleep(200)
      watch.began()
    }
    expect(overrun2).toBeNull()
    busy.kill('SIGKILL')
    await busy.exited
    watch.stop()
  })
})
