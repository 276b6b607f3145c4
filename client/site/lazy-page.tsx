// A page kept out of the first-load bundle: its chunk is fetched by `load()`, which the server
// awaits before rendering and the browser awaits before hydrating, so both render it at once.
import { Suspense, use, type ComponentType } from 'react'

type Tracked<T> = Promise<T> & { status?: 'fulfilled'; value?: T }

export function lazyPage<P extends object>(importer: () => Promise<ComponentType<P>>) {
  let loading: Tracked<ComponentType<P>> | null = null
  const load = () => {
    if (loading) return loading
    const promise: Tracked<ComponentType<P>> = importer()
    // Marked the way React marks promises it tracks: use() reads a settled one without suspending.
    void promise.then((value) => Object.assign(promise, { status: 'fulfilled', value }))
    return (loading = promise)
  }
  function Loaded(props: P) {
    const Page = use(load() as Promise<ComponentType<P>>)
    return <Page {...props} />
  }
  function Page(props: P) {
    // NOTE: a page already loaded (the server and the browser load the first one before they
    // render) gets no Suspense boundary. React 19 streams a large boundary (a long post) after
    // its fallback, and a browser that paints in between shows 'Loading…' first: a layout shift.
    const Ready = loading?.status === 'fulfilled' ? loading.value : undefined
    if (Ready) return <Ready {...props} />
    return (
      <Suspense fallback={<p role="status">Loading…</p>}>
        <Loaded {...props} />
      </Suspense>
    )
  }
  return { Page, load }
}
