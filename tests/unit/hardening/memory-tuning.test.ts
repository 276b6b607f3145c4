import { expect, test } from 'bun:test'
import { MEMORY_ENV, restartWithMemoryTuning, sameCommand, TUNED_MARK } from '#src/cli/memory-tuning'

test('a compiled binary is started again with its own arguments only (it adds its embedded flags itself)', () => {
  expect(sameCommand({ argv: ['bun', '/$bunfs/root/folio', 'serve'], execArgv: ['--smol'], execPath: '/opt/folio' })).toEqual(['/opt/folio', 'serve'])
})

test('`bun src/main.ts` is started again with bun, its flags and the script', () => {
  expect(sameCommand({ argv: ['/usr/bin/bun', '/srv/src/main.ts'], execArgv: ['--no-env-file'], execPath: '/usr/bin/bun' })).toEqual(['/usr/bin/bun', '--no-env-file', '/srv/src/main.ts'])
})

test('the restart adds the memory settings under the owner\'s own, once, and can be turned off', () => {
  const calls: Record<string, string | undefined>[] = []
  const exec = (_file: string, _args: string[], env: Record<string, string | undefined>) => void calls.push(env)
  restartWithMemoryTuning({ PATH: '/bin', MIMALLOC_PURGE_DELAY: '100' }, exec)
  expect(calls[0]).toEqual({ ...MEMORY_ENV, PATH: '/bin', MIMALLOC_PURGE_DELAY: '100', [TUNED_MARK]: '1' })
  restartWithMemoryTuning({ [TUNED_MARK]: '1' }, exec)
  restartWithMemoryTuning({ [TUNED_MARK]: '0' }, exec)
  expect(calls).toHaveLength(1)
})
