// argv → one command, with util.parseArgs doing the flag parsing; anything unexpected is a UsageError.
import { parseArgs } from 'node:util'

export type Command =
  | { name: 'serve' }
  | { name: 'help' }
  | { name: 'version' }
  | { name: 'migrate'; action: 'status' | 'apply' }
  | { name: 'backup'; file: string }
  | { name: 'restore'; file: string }
  | { name: 'set-password'; email: string | null }
  | { name: 'setup-link' }
  | { name: 'reset-2fa' }
  | { name: 'export'; dir: string }
  | { name: 'export-content'; dir: string }
  | { name: 'import-content'; dir: string }
  | { name: 'images' }
  | { name: 'cards' }

export class UsageError extends Error {}

const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  email: { type: 'string' },
} as const

function parse(args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true })
  } catch (error) {
    // parseArgs says what was wrong ("Unknown option '--x'"); keep its words.
    throw new UsageError((error as Error).message)
  }
}

function exactly(positionals: string[], count: number, what: string) {
  if (positionals.length < count) throw new UsageError(`missing ${what}`)
  if (positionals.length > count) throw new UsageError(`unexpected argument '${positionals[count]}'`)
}

export function parseCommand(argv: string[]): Command {
  const { values, positionals } = parse(argv)
  if (values.help) return { name: 'help' }
  if (values.version) return { name: 'version' }
  const [name = 'serve', ...rest] = positionals
  if (values.email !== undefined && !(name === 'admin' && rest[0] === 'set-password')) throw new UsageError(`--email belongs to 'admin set-password'`)
  switch (name) {
    case 'serve':
    case 'help':
    case 'version':
    case 'images':
    case 'cards':
      exactly(rest, 0, '')
      return { name }
    case 'migrate': {
      const [action = 'apply'] = rest
      if (rest.length > 1 || (action !== 'status' && action !== 'apply')) throw new UsageError(`migrate takes 'status' or 'apply'`)
      return { name, action }
    }
    case 'backup':
    case 'restore':
      exactly(rest, 1, 'the backup file')
      return { name, file: rest[0]! }
    case 'export':
    case 'export-content':
      exactly(rest, 1, 'the output directory')
      return { name, dir: rest[0]! }
    case 'import-content':
      exactly(rest, 1, 'the directory to import')
      return { name, dir: rest[0]! }
    case 'admin':
      if (rest[0] !== 'set-password' && rest[0] !== 'setup-link' && rest[0] !== 'reset-2fa') throw new UsageError(`'admin' takes 'set-password', 'setup-link' or 'reset-2fa'`)
      exactly(rest.slice(1), 0, '')
      if (rest[0] === 'setup-link') return { name: 'setup-link' }
      if (rest[0] === 'reset-2fa') return { name: 'reset-2fa' }
      if (values.email !== undefined && !values.email.includes('@')) throw new UsageError('--email must be an email address')
      return { name: 'set-password', email: values.email ?? null }
    default:
      throw new UsageError(`unknown command '${name}'`)
  }
}
