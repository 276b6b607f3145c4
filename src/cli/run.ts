// `folio [command]`: parses the command line, loads the configuration, runs the command.
// Returns the exit code, or null while the server keeps running.
import { ConfigError, loadConfig } from '../config'
import { VERSION } from '../features/health/version'
import { ExportRefused } from '../features/site-export/output-dir'
import { StartupError } from '../server'
import { backupCommand, CommandFailed, exportCommand, migrateCommand, restoreCommand, setPasswordCommand } from './commands'
import { parseCommand, UsageError, type Command } from './parse'
import { PasswordMismatch } from './read-password'
import { serveCommand } from './serve'
import { USAGE } from './usage'

export async function runCli(argv: string[]): Promise<number | null> {
  let command: Command
  try {
    command = parseCommand(argv)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    console.error(`folio: ${error.message}\n\n${USAGE}`)
    return 2
  }
  if (command.name === 'help') return console.log(USAGE), 0
  if (command.name === 'version') return console.log(`folio ${VERSION}`), 0
  try {
    const config = loadConfig()
    switch (command.name) {
      case 'serve':
        await serveCommand(config)
        return null
      case 'migrate':
        migrateCommand(config, command.action)
        return 0
      case 'backup':
        await backupCommand(config, command.file)
        return 0
      case 'restore':
        await restoreCommand(config, command.file)
        return 0
      case 'set-password':
        await setPasswordCommand(config, command.email)
        return 0
      case 'export':
        await exportCommand(config, command.dir)
        return 0
    }
  } catch (error) {
    if (error instanceof ConfigError || error instanceof StartupError) return console.error(error.message), 2
    if (error instanceof CommandFailed || error instanceof PasswordMismatch || error instanceof ExportRefused) return console.error(`folio: ${error.message}`), 1
    throw error
  }
}
