// Real Varnish in front of a folio under test, running docs/deploy/varnish.vcl with only its
// ports changed. Installed from Debian when missing, as the Chromium of the browser tests is.
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_ROOT } from '#tests/support/repo-root'
import { freePort } from './process'

export const VARNISHD = '/usr/sbin/varnishd'
export const VCL_FILE = join(REPO_ROOT, 'docs/deploy/varnish.vcl')

export function ensureVarnish() {
  if (Bun.file(VARNISHD).size > 0) return
  const run = (args: string[]) => Bun.spawnSync(args, { stdout: 'inherit', stderr: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  run(['apt-get', 'update'])
  if (run(['apt-get', 'install', '-y', 'varnish']).exitCode !== 0) throw new Error('could not install varnish: apt-get install -y varnish')
}

export type RunningVarnish = { url: string; port: number; stop(): Promise<void> }

/** The purge key tests and benchmarks give folio (CACHE_PURGE_KEY) and write into the VCL. */
export const TEST_PURGE_KEY = 'test-purge-key-0123456789abcdef'

/**
 * The shipped VCL with folio on `backendPort` and the purge key written in, as the install line of
 * docs/self-hosting.md does: the only lines that differ from docs/deploy.
 */
export function vclFor(backendPort: number, key = TEST_PURGE_KEY): string {
  const vcl = readFileSync(VCL_FILE, 'utf8')
  if (!vcl.includes('.port = "3000";')) throw new Error('docs/deploy/varnish.vcl no longer names port 3000')
  if (!vcl.includes('@FOLIO_PURGE_KEY@')) throw new Error('docs/deploy/varnish.vcl no longer has the @FOLIO_PURGE_KEY@ placeholder')
  return vcl.replace('.port = "3000";', `.port = "${backendPort}";`).replaceAll('@FOLIO_PURGE_KEY@', key)
}

/** `port`: where Varnish listens (the address folio is told to ban at); a free one by default. */
export async function startVarnish(backendPort: number, port?: number): Promise<RunningVarnish> {
  ensureVarnish()
  const dir = mkdtempSync(join(tmpdir(), 'folio-varnish-'))
  const vcl = join(dir, 'folio.vcl')
  writeFileSync(vcl, vclFor(backendPort))
  // varnishd reads the VCL after dropping to its own user.
  chmodSync(dir, 0o755)
  chmodSync(vcl, 0o644)
  port ??= await freePort()
  const proc = Bun.spawn([VARNISHD, '-F', '-a', `127.0.0.1:${port}`, '-f', vcl, '-n', join(dir, 'work'), '-s', 'malloc,64m', '-p', 'ban_lurker_sleep=0.01'], {
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`${url}/api/health`).then((r) => r.status > 0, () => false)
    if (up) break
    if (proc.exitCode !== null) throw new Error(`varnishd exited: ${await new Response(proc.stderr).text()}`)
    await Bun.sleep(50)
  }
  return {
    url,
    port,
    async stop() {
      proc.kill('SIGTERM')
      await proc.exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
