// Imported first by each browser entry: zod would otherwise probe `new Function` to compile its
// object parsers, which the strict CSP (no 'unsafe-eval') blocks and reports as a violation.
// The server keeps the compiled parsers; in the browser forms parse a handful of objects.
import { config } from 'zod'

config({ jitless: true })
