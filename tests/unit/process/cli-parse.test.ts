import { describe, expect, test } from 'bun:test'
import { parseCommand, UsageError } from '#src/cli/parse'

describe('the folio command line', () => {
  test.each([
    [[], { name: 'serve' }],
    [['serve'], { name: 'serve' }],
    [['images'], { name: 'images' }],
    [['cards'], { name: 'cards' }],
    [['admin', 'reset-2fa'], { name: 'reset-2fa' }],
    [['--help'], { name: 'help' }],
    [['-h'], { name: 'help' }],
    [['help'], { name: 'help' }],
    [['--version'], { name: 'version' }],
    [['-v'], { name: 'version' }],
    [['migrate'], { name: 'migrate', action: 'apply' }],
    [['migrate', 'status'], { name: 'migrate', action: 'status' }],
    [['backup', 'out.tar.gz'], { name: 'backup', file: 'out.tar.gz' }],
    [['restore', 'in.tar.gz'], { name: 'restore', file: 'in.tar.gz' }],
    [['admin', 'set-password'], { name: 'set-password', email: null }],
    [['admin', 'set-password', '--email', 'me@example.com'], { name: 'set-password', email: 'me@example.com' }],
    [['export', 'site'], { name: 'export', dir: 'site' }],
    [['export-content', 'content'], { name: 'export-content', dir: 'content' }],
    [['import-content', 'hugo-site'], { name: 'import-content', dir: 'hugo-site' }],
  ])('%j is %j', (argv, expected) => {
    expect(parseCommand(argv)).toEqual(expected as never)
  })

  test.each([
    [['--frobnicate'], /Unknown option '--frobnicate'/],
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['backup'], /missing the backup file/],
    [['backup', 'a', 'b'], /unexpected argument 'b'/],
    [['restore'], /missing the backup file/],
    [['export'], /missing the output directory/],
    [['export-content'], /missing the output directory/],
    [['import-content'], /missing the directory to import/],
    [['import-content', 'a', 'b'], /unexpected argument 'b'/],
    [['migrate', 'down'], /'status' or 'apply'/],
    [['admin'], /'admin' takes 'set-password'/],
    [['admin', 'set-password', '--email'], /argument missing/],
    [['admin', 'set-password', '--email', 'nobody'], /email address/],
    [['serve', '--email', 'me@example.com'], /--email belongs to 'admin set-password'/],
    [['serve', 'now'], /unexpected argument 'now'/],
    [['images', 'all'], /unexpected argument 'all'/],
    [['cards', 'now'], /unexpected argument 'now'/],
  ])('%j is refused with a reason', (argv, reason) => {
    expect(() => parseCommand(argv)).toThrow(UsageError)
    expect(() => parseCommand(argv)).toThrow(reason)
  })
})
