// The new password for `admin set-password`: typed at a prompt that does not echo, or piped in
// (first line of stdin), so it never shows in the shell history or the process list.
export async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return firstLine(await new Response(Bun.stdin.stream()).text())
  const first = await prompt('New password: ')
  const again = await prompt('Repeat it: ')
  if (first !== again) throw new PasswordMismatch()
  return first
}

export class PasswordMismatch extends Error {
  constructor() {
    super('the two passwords differ')
  }
}

const firstLine = (text: string) => text.split(/\r?\n/)[0] ?? ''

function prompt(question: string): Promise<string> {
  const stdin = process.stdin
  // Echo off before the prompt shows: what is typed right after it never reaches the screen.
  stdin.setRawMode(true)
  process.stderr.write(question)
  stdin.resume()
  return new Promise((resolve, reject) => {
    let typed = ''
    const done = (error?: Error) => {
      stdin.off('data', onData)
      stdin.setRawMode(false)
      stdin.pause()
      process.stderr.write('\n')
      if (error) reject(error)
      else resolve(typed)
    }
    const onData = (chunk: Buffer) => {
      for (const ch of chunk.toString('utf8')) {
        if (ch === '\r' || ch === '\n') return done()
        if (ch === '\u0003') return done(new Error('cancelled'))
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1)
        else if (ch >= ' ') typed += ch
      }
    }
    stdin.on('data', onData)
  })
}
