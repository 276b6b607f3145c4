// jSquash's codecs, each WebAssembly module compiled once per process and, where jSquash allows
// it, given a fresh instance for each use and dropped after it. A WebAssembly memory only grows:
// an instance kept alive holds the largest image it ever saw. Dropped, the collector frees it
// (see freeDropped in make-variants.ts), so `folio images` peaks at its largest step, not at the
// sum of them (decision 064).

export type Codec = {
  /** The module's path (a function when it depends on the engine, as WebP's SIMD build does). */
  wasm: string | (() => Promise<string>)
  init(module: WebAssembly.Module): unknown
  /** False where wasm-bindgen instantiates once per process (png, resize): their memory stays. */
  fresh: boolean
}

const compiled = new Map<Codec, Promise<WebAssembly.Module>>()
const moduleOf = (codec: Codec) => {
  let module = compiled.get(codec)
  if (!module) {
    module = (async () => {
      const path = typeof codec.wasm === 'string' ? codec.wasm : await codec.wasm()
      return WebAssembly.compile(await Bun.file(path).arrayBuffer())
    })()
    compiled.set(codec, module)
  }
  return module
}

/** Runs `use` on a fresh instance of `codec`, which is dropped (replaced by an untouched one) after it. */
export async function withFreshInstance<T>(codec: Codec, use: () => Promise<T>): Promise<T> {
  const module = await moduleOf(codec)
  await codec.init(module)
  try {
    return await use()
  } finally {
    if (codec.fresh) await codec.init(module)
  }
}
