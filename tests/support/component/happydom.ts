// Preloaded for component tests only: a DOM in the test process. NOTE: happy-dom replaces
// globals (Response, fetch) that Bun.serve needs, so these tests run in their own process.
import { GlobalRegistrator } from '@happy-dom/global-registrator'

GlobalRegistrator.register({ url: 'http://localhost/' })
