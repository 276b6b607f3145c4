// `folio [command]`: parses the command line, loads the configuration, runs the command.
// Returns the exit code, or null while the server keeps running.
import { ConfigError, loadConfig, type Config } from '../config'
import { VERSION } from '../features/health/version'
import { ExportRefused } from '#src/lib/export-refused'
import { StartupError } from '../server'
import { backupCommand, CommandFailed, exportCommand, migrateCommand, restoreCommand, setPasswordCommand } from './commands'
import { cardsCommand } from './cards-command'
import { imagesCommand } from './images-command'
import { resetSecondFactorCommand } from './reset-2fa'
import { exportContentCommand, importContentCommand } from './content-commands'
import { parseCommand, UsageError, type Command } from './parse'
import { PasswordMismatch } from './read-password'
import { restartWithMemoryTuning } from './memory-tuning'
import { serveCommand } from './serve'
import { setupLinkCommand } from './setup-link'
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
  if (command.name === 'serve') restartWithMemoryTuning()
  try {
    // The share cards' painter needs no configuration: the server hands it each card whole.
    if (command.name === 'cards') return await cardsCommand(), 0
    const config = loadConfig()
    if (command.name === 'serve') {
      await serveCommand(config)
      return null
    }
    await oneShot(config, command)
    return 0
  } catch (error) {
    if (error instanceof ConfigError || error instanceof StartupError) return console.error(error.message), 2
    if (error instanceof CommandFailed || error instanceof PasswordMismatch || error instanceof ExportRefused) return console.error(`folio: ${error.message}`), 1
    throw error
  }
}

/** The commands that do their work and end (serving is the one that keeps running). */
function oneShot(config: Config, command: Exclude<Command, { name: 'serve' | 'help' | 'version' | 'cards' }>): Promise<void> | void {
  switch (command.name) {
    case 'migrate':
      return migrateCommand(config, command.action)
    case 'backup':
      return backupCommand(config, command.file)
    case 'restore':
      return restoreCommand(config, command.file)
    case 'set-password':
      return setPasswordCommand(config, command.email)
    case 'setup-link':
      return setupLinkCommand(config)
    case 'export':
      return exportCommand(config, command.dir)
    case 'export-content':
      return exportContentCommand(config, command.dir)
    case 'import-content':
      return importContentCommand(config, command.dir)
    case 'images':
      return imagesCommand(config)
    case 'reset-2fa':
      return resetSecondFactorCommand(config)
  }
}
