// Imported before any zod schema in the browser (by the admin entry and the contact schema): zod
// would otherwise probe `new Function` to compile its object parsers, which the strict CSP (no
// 'unsafe-eval') blocks and reports as a violation. The server keeps the compiled parsers; in
// the browser, forms parse a handful of objects.
import { config } from 'zod'

config({ jitless: true })
