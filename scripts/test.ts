// `npm test`: builds the binary once, then every suite, each in the bun test invocation it needs
// (unit + API, component under happy-dom, browser end-to-end), then one summary line.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { BINARY_ENV, buildDirFor } from '#tests/support/server/binary'

/** A `bun test` invocation: its name and its arguments after `bun test`. */
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
const suites: Suite[] = [{ name: 'unit + api', args: [...TIMEOUT, './tests/unit', './tests/api'] }]
const components = filesIn('tests/component', '.test.tsx')
// Component tests wait on real timers (debounces, refetches): one retry for a loaded machine.
if (components.length) suites.push({ name: 'component (happy-dom)', args: [...TIMEOUT, '--retry', '1', '--preload', './tests/support/component/happydom.ts', ...components] })
const e2e = filesIn('tests/e2e', '.e2e.ts')
// A browser flow on a loaded 2-core machine can take tens of seconds; one stuck test must not
// take the shared browser down with it, so the limit is generous. NOTE: a browser test gets one
// retry, for the machine's hiccups, not the product's; a test that needed it is printed as such.
if (e2e.length) suites.push({ name: 'e2e', args: ['--timeout', '60000', '--retry', '1', ...e2e] })

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

/** The counts of a JUnit report (bun's `--reporter=junit`), or null when there is none to read. */
function junitCounts(file: string): { passed: number; failed: number } | null {
  const head = existsSync(file) ? /<testsuites\b([^>]*)>/.exec(readFileSync(file, 'utf8'))?.[1] : undefined
  if (head === undefined || !/\btests="\d+"/.test(head)) return null
  const count = (name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(head)?.[1] ?? 0)
  // A test that passed on its retry has no <failure> in the report: it counts as passed.
  const failed = count('failures') + count('errors')
  return { passed: count('tests') - failed - count('skipped'), failed }
}

let passed = 0
let failed = 0
let broken = false
for (const [i, suite] of suites.entries()) {
  console.log(`\n▶ ${suite.name}`)
  const report = join(buildDir, `junit-${i}.xml`)
  const args = ['test', '--reporter=junit', `--reporter-outfile=${report}`, ...suite.args]
  const proc = Bun.spawn([process.execPath, ...args], { cwd: root, stdout: 'inherit', stderr: 'inherit', env })
  const code = await proc.exited
  const counts = junitCounts(report)
  // NOTE: a test file that cannot even be loaded is missing from the report: a failing exit with
  // no failure reported means a broken suite, as does a crash that left no report.
  const problem = !counts ? 'without a readable JUnit report' : code !== 0 && counts.failed === 0 ? 'with no failed test in its report' : null
  if (problem) console.error(`\n${suite.name}: bun test exited ${code} ${problem}`)
  broken ||= problem !== null
  passed += counts?.passed ?? 0
  failed += counts?.failed ?? 0
}
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed > 0 || broken || passed === 0 ? 1 : 0)
