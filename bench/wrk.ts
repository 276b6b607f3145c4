// wrk for the benchmarks: installed from Debian when missing, its summary parsed into one row.
export type WrkRow = { path: string; rps: number; p50: string; p99: string }

export function ensureWrk() {
  if (Bun.which('wrk')) return
  console.log('installing wrk from Debian…')
  const apt = (args: string[]) => Bun.spawnSync(['apt-get', ...args], { stdout: 'inherit', stderr: 'inherit' })
  apt(['update'])
  if (apt(['install', '-y', 'wrk']).exitCode !== 0) throw new Error('wrk is required: apt-get install -y wrk')
}

/** wrk -t2 -c32 against one URL for `seconds`. */
export function wrk(url: string, seconds = 5): WrkRow {
  const out = Bun.spawnSync(['wrk', '-t2', '-c32', `-d${seconds}s`, '--latency', url]).stdout.toString()
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)
  // Anchored: the thread stats above the distribution end in percentages too ("75.50%").
  const p50 = /^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? '?'
  const p99 = /^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? '?'
  return { path: new URL(url).pathname + new URL(url).search, rps, p50, p99 }
}
