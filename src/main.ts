// Entry point: configuration, then the server. Bad configuration exits 2 with one line.
import { ConfigError, loadConfig } from './config'
import { StartupError, startServer } from './server'

try {
  const config = loadConfig()
  const server = await startServer(config)
  console.log(JSON.stringify({ t: new Date().toISOString(), level: 'info', msg: 'folio is listening', url: server.url, siteUrl: config.siteUrl }))
  const shutdown = async () => {
    await server.stop()
    process.exit(0)
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
} catch (error) {
  if (error instanceof ConfigError || error instanceof StartupError) {
    console.error(error.message)
    process.exit(2)
  }
  throw error
}
