// Entry point of `npm start` and of dist/folio: the command line decides what runs (serve by
// default). Bad usage or configuration exits 2 with one line; a failed command exits 1.
import { runCli } from './cli/run'

const code = await runCli(process.argv.slice(2))
if (code !== null) process.exit(code)
