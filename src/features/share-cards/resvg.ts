// resvg's WebAssembly, set up once per process: it refuses a second set-up, so everything that
// paints with it (the share cards, the tests' image fixtures) waits on this one promise.
import { initWasm } from '@resvg/resvg-wasm'
import resvgWasm from '@resvg/resvg-wasm/index_bg.wasm' with { type: 'file' }

let ready: Promise<void> | null = null
export const resvgReady = () => (ready ??= (async () => initWasm(await Bun.file(resvgWasm).arrayBuffer()))())
