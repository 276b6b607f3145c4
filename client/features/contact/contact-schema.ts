// The contact payload's schema as the browser loads it (lazily): zod set up for the strict CSP
// first, then the server's own schema module.
import '#client/lib/zod-without-eval'

export * from '#src/contract/contact'
