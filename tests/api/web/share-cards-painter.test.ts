// The card painter's runner (src/features/share-cards/card-runner.ts) against a stand-in child that
// speaks the same IPC: one card at a time, a bounded queue, the child gone when idle, a crashed
// child's card failed and the next card drawn by a new one.
import { afterEach, expect, test } from 'bun:test'
import { CARD_QUEUE, startCardRunner, type CardRunner } from '#src/features/share-cards/card-runner'
import type { CardContent } from '#src/features/share-cards/render-card'
import { silentLogger } from '#src/lib/logger'

// Answers each request after 50 ms, or exits when the title says so; counts what it is asked at once.
const STAND_IN = `
let busy = 0
process.on('message', (m) => {
  if (m.content.title === 'crash') process.exit(3)
  busy++
  const overlapped = busy > 1
  setTimeout(() => { busy--; process.send({ id: m.id, ...(overlapped ? { error: 'two at once' } : {}) }) }, 50)
})
process.on('disconnect', () => process.exit(0))
`
const content = (title: string): CardContent => ({ title, subtitle: '', siteName: 'Site', initials: 'S', accent: '#3366cc', accentText: '#fff', label: 'Blog' })
let runner: CardRunner | null = null
const start = (idleMs = 10_000) => {
  runner = startCardRunner({ command: [process.execPath, '-e', STAND_IN], log: silentLogger, idleMs })
  return runner
}
afterEach(() => runner?.stop())
const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
/** The stand-in's pid: the newest bun child running it. */
const standIns = () => Bun.spawnSync(['pgrep', '-P', String(process.pid), '-f', 'process.send']).stdout.toString().trim().split('\n').filter(Boolean).map(Number)

test(`draws one card at a time; past ${CARD_QUEUE} waiting or drawing it is busy`, async () => {
  const r = start()
  const asked = Array.from({ length: CARD_QUEUE + 2 }, (_, i) => r.draw(content(`card ${i}`), `/nowhere/${i}.png`))
  expect(asked.slice(CARD_QUEUE)).toEqual(['busy', 'busy'])
  await Promise.all(asked.slice(0, CARD_QUEUE))
  expect(standIns()).toHaveLength(1)
  // Room again once they are drawn.
  await r.draw(content('later'), '/nowhere/later.png')
})

test('the child goes once idle, and the next card starts a new one', async () => {
  const r = start(200)
  await r.draw(content('one'), '/nowhere/one.png')
  const [first] = standIns()
  expect(first).toBeNumber()
  await Bun.sleep(600)
  expect(alive(first!)).toBe(false)
  await r.draw(content('two'), '/nowhere/two.png')
  expect(standIns()).not.toContain(first!)
})

test('a child that dies fails its card; the next card is drawn by a new child', async () => {
  const r = start()
  const crashed = r.draw(content('crash'), '/nowhere/crash.png')
  if (crashed === 'busy') throw new Error('busy with nothing drawing')
  await expect(crashed).rejects.toThrow(/exited with 3/)
  await r.draw(content('after'), '/nowhere/after.png')
})
