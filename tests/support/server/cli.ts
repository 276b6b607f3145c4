// Runs `folio <args>` (src/main.ts, as `npm start -- <args>` would) and collects what it said.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { spawnMain } from './process'

export type CliResult = { code: number; stdout: string; stderr: string }

export async function runFolio(args: string[], options: { env?: Record<string, string>; cwd?: string; stdin?: string } = {}): Promise<CliResult> {
  const proc = spawnMain(options.env ?? {}, options.cwd ?? mkdtempSync(join(tmpdir(), 'folio-cli-')), args, options.stdin)
  const [code, stdout, stderr] = await Promise.all([proc.exited, new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  return { code, stdout, stderr }
}
