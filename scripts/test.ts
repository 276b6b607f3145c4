// `npm test`: builds the binary once, then every suite, each in the bun test invocation it needs
// (unit + API, component under happy-dom, browser end-to-end), then one summary line.
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { BINARY_ENV, buildDirFor } from '../tests/support/binary'

type Suite = { name: string; args: string[] }

const root = join(import.meta.dir, '..')
const filesIn = (dir: string, suffix: string) =>
  existsSync(join(root, dir))
    ? readdirSync(join(root, dir), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith(suffix))
        .map((f) => `./${dir}/${f}`)
    : []

// API tests start real servers and hash passwords; a busy 2-core machine needs more than 5 s.
const TIMEOUT = ['--timeout', '20000']
const suites: Suite[] = [{ name: 'unit + api', args: ['test', ...TIMEOUT, './tests/unit', './tests/api'] }]
const components = filesIn('tests/component', '.test.tsx')
// Component tests wait on real timers (debounces, refetches): one retry for a loaded machine.
if (components.length) suites.push({ name: 'component (happy-dom)', args: ['test', ...TIMEOUT, '--retry', '1', '--preload', './tests/support/happydom.ts', ...components] })
const e2e = filesIn('tests/e2e', '.e2e.ts')
// A browser flow on a loaded 2-core machine can take tens of seconds; one stuck test must not
// take the shared browser down with it, so the limit is generous. NOTE: a browser test gets one
// retry, for the machine's hiccups, not the product's; a test that needed it is printed as such.
if (e2e.length) suites.push({ name: 'e2e', args: ['test', '--timeout', '60000', '--retry', '1', ...e2e] })

// The binary tests (API, browser) run the real compiled binary: build it once here and hand its
// path to every suite, instead of once per test file. NOTE: into a directory of this run's own,
// not dist/, which anyone on the machine may rebuild meanwhile.
const buildDir = buildDirFor()
process.on('exit', () => rmSync(buildDir, { recursive: true, force: true }))
process.on('SIGINT', () => process.exit(130))
console.log('▶ build (the binary under test)')
const buildStarted = performance.now()
const build = Bun.spawn([process.execPath, join(root, 'build.ts'), '--outdir', buildDir], { cwd: root, stdout: 'inherit', stderr: 'inherit' })
const buildCode = await build.exited
if (buildCode !== 0) {
  console.error(`\nbuild failed (build.ts exited ${buildCode}): no suite ran`)
  process.exit(1)
}
console.log(`build took ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`)
const env = { ...process.env, [BINARY_ENV]: join(buildDir, 'folio') }

let passed = 0
let failed = 0
let broken = false
for (const suite of suites) {
  console.log(`\n▶ ${suite.name}`)
  const proc = Bun.spawn([process.execPath, ...suite.args], { cwd: root, stdout: 'inherit', stderr: 'pipe', env })
  let tail = ''
  const decoder = new TextDecoder()
  for await (const chunk of proc.stderr) {
    const text = decoder.decode(chunk)
    process.stderr.write(text)
    tail = (tail + text).slice(-4000)
  }
  const code = await proc.exited
  const pass = Number(/(\d+) pass/.exec(tail)?.[1] ?? 0)
  const fail = Number(/(\d+) fail/.exec(tail)?.[1] ?? 0)
  passed += pass
  failed += fail
  if (code !== 0 && fail === 0) broken = true
}
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed > 0 || broken || passed === 0 ? 1 : 0)
