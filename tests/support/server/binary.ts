// The compiled binary for tests: built once per `npm test` (scripts/test.ts passes its path in
// FOLIO_BINARY) or once per process when a file runs alone, and started alone in an empty
// directory with a minimal environment, the way a self-hoster runs it.
import { copyFileSync, existsSync, linkSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './process'
import { REPO_ROOT } from '#tests/support/repo-root'

export const BINARY_ENV = 'FOLIO_BINARY'

/** A private build directory, named for its process so a later one can sweep it when that is gone. */
export function buildDirFor(pid = process.pid) {
  return mkdtempSync(join(tmpdir(), `folio-build-${pid}-`))
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Removes the build directories of processes that ended (bun test runs no exit handlers). */
function sweepBuildDirs() {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^folio-build-(\d+)-/.exec(name)?.[1])
    if (pid && pid !== process.pid && !alive(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true })
  }
}

let built: Promise<string> | null = null
/**
 * The absolute path of the binary under test. NOTE: builds go to a private directory, never to
 * dist/: others on the machine rebuild dist/ whenever they like, and a binary must match the
 * source maps beside it for the length of a run.
 */
export function binaryPath(): Promise<string> {
  const given = process.env[BINARY_ENV]
  if (given) {
    if (!existsSync(given)) throw new Error(`${BINARY_ENV}=${given} does not exist`)
    return Promise.resolve(given)
  }
  built ??= (async () => {
    sweepBuildDirs()
    const outdir = buildDirFor()
    const proc = Bun.spawn([process.execPath, join(REPO_ROOT, 'build.ts'), '--outdir', outdir], { cwd: REPO_ROOT, stdout: 'pipe', stderr: 'pipe' })
    const [code, out, err] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()])
    if (code !== 0) throw new Error(`build.ts exited ${code}:\n${out}${err}`)
    return join(outdir, 'folio')
  })()
  return built
}

/** The only variables a started binary sees besides the test's own: no HOME, no NODE_ENV. */
const baseEnv = () => ({ PATH: process.env.PATH ?? '/usr/bin:/bin' })

/**
 * Puts the binary in `dir` (a fresh empty temp dir by default). NOTE: a hard link, not a copy:
 * 110 MiB per start adds up, and build.ts renames a new binary into place, so a link keeps the
 * bytes it was made from. To the binary it is the same: one file alone in its directory.
 */
async function place(dir?: string) {
  const target = dir ?? mkdtempSync(join(tmpdir(), 'folio-binary-'))
  const file = join(target, 'folio')
  if (!existsSync(file)) {
    const source = await binaryPath()
    try {
      linkSync(source, file)
    } catch {
      copyFileSync(source, file)
    }
  }
  return { dir: target, file, owned: !dir }
}

export type RunResult = { code: number; stdout: string; stderr: string }

/** Runs the binary once (a CLI command) alone in an empty directory, or in `dir`. */
export async function runBinary(args: string[], options: { env?: Record<string, string>; dir?: string; stdin?: string } = {}): Promise<RunResult> {
  const { dir, file, owned } = await place(options.dir)
  try {
    const proc = Bun.spawn([file, ...args], {
      cwd: dir,
      env: { ...baseEnv(), ...options.env },
      stdin: options.stdin === undefined ? 'ignore' : new Blob([options.stdin]),
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const [code, stdout, stderr] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()])
    return { code, stdout, stderr }
  } finally {
    if (owned) rmSync(dir, { recursive: true, force: true })
  }
}

export type StartOptions = {
  env?: Record<string, string>
  /** Reuse a directory (a restart); the caller then owns it. Otherwise a fresh empty one. */
  dir?: string
  /** Files written beside the binary before it starts (`.env`, `bunfig.toml`…). */
  files?: Record<string, string>
  port?: number
  /** false: the port is not passed in the environment (the test's `.env` names it). */
  portInEnv?: boolean
}

export type RunningBinary = {
  url: string
  port: number
  dir: string
  proc: Bun.Subprocess<'ignore', 'pipe', 'pipe'>
  /** Signals the process, waits for it to exit and returns its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number>
  /** Everything it printed so far, stdout and stderr interleaved. */
  output(): string
}

/** Starts `folio` (serve) on a free loopback port and waits for the first 200 on /api/health. */
export async function startBinary(options: StartOptions = {}): Promise<RunningBinary> {
  const { dir, file, owned } = await place(options.dir)
  for (const [name, text] of Object.entries(options.files ?? {})) writeFileSync(join(dir, name), text)
  const port = options.port ?? (await freePort())
  const env: Record<string, string> = { ...baseEnv(), HOST: '127.0.0.1', ...(options.portInEnv === false ? {} : { PORT: String(port) }), ...options.env }
  const proc = Bun.spawn([file], { cwd: dir, env, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' })
  let printed = ''
  // Read both pipes all along: a full pipe would block the server mid-log.
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder()
    for await (const chunk of stream) printed += decoder.decode(chunk, { stream: true })
  }
  const drained = Promise.all([drain(proc.stdout), drain(proc.stderr)])
  const url = `http://127.0.0.1:${port}`
  let exited = false
  void proc.exited.then(() => (exited = true))

  const running: RunningBinary = {
    url,
    port,
    dir,
    proc,
    output: () => printed,
    async stop(signal = 'SIGTERM') {
      if (!exited) proc.kill(signal)
      const code = await Promise.race([proc.exited, Bun.sleep(20_000).then(() => null)])
      if (code === null) proc.kill('SIGKILL')
      await drained
      if (owned) rmSync(dir, { recursive: true, force: true })
      if (code === null) throw new Error(`folio did not exit within 20 s of ${signal}:\n${printed}`)
      return code
    },
  }
  const until = Date.now() + 30_000
  while (Date.now() < until && !exited) {
    const ok = await fetch(`${url}/api/health`).then((r) => r.ok, () => false)
    if (ok) return running
    await Bun.sleep(50)
  }
  const why = exited ? `exited ${await proc.exited}` : 'no 200 on /api/health within 30 s'
  await running.stop('SIGKILL').catch(() => undefined)
  throw new Error(`folio did not start: ${why}\n${printed}`)
}
