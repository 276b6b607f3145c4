// Renders an admin screen the way the admin app does (query client, toasts, a router under a
// memory location) and fakes the API behind it. For component tests (happy-dom).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { onSessionEnded } from '#client/lib/admin-api'
import { ToastProvider } from '#client/ui/toast'

// React's act() needs this flag outside a test renderer.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** Renders `ui` at `path` (relative to /admin); `sessionEnded` counts reportSessionEnded() calls. */
export async function renderAdmin(ui: ReactNode, options: { path?: string; qc?: QueryClient } = {}) {
  const qc = options.qc ?? new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } })
  const location = memoryLocation({ path: options.path ?? '/', record: true })
  const session = { ended: 0 }
  const stop = onSessionEnded(() => session.ended++)
  const container = document.createElement('div')
  document.body.replaceChildren(container)
  const root = createRoot(container)
  await act(async () => {
    root.render(
      <QueryClientProvider client={qc}>
        <ToastProvider>
          <Router hook={location.hook} searchHook={location.searchHook}>
            {ui}
          </Router>
        </ToastProvider>
      </QueryClientProvider>,
    )
  })
  const unmount = () => {
    stop()
    act(() => root.unmount())
  }
  return { container, qc, location, session, unmount }
}

/** Lets pending promises and timers settle inside act(). */
export const settle = (ms = 0) => act(() => new Promise((r) => setTimeout(r, ms)))

/** Settles until `check` holds (a refetch on a loaded machine can take a while), at most `ms`. */
export async function settleUntil(check: () => boolean, ms = 3000) {
  const until = Date.now() + ms
  while (!check() && Date.now() < until) await settle(10)
}

export type ApiCall = { method: string; path: string; query: URLSearchParams; body: unknown; init: RequestInit }
/** A handler's answer: a Response as is, anything else as a 200 JSON body. */
type Handler = (call: ApiCall) => unknown
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
export const apiError = (status: number, error: string) => json(status, { ok: false, error })

function bodyOf(init: RequestInit): unknown {
  if (typeof init.body !== 'string') return init.body ?? undefined
  try {
    return JSON.parse(init.body) as unknown
  } catch {
    return init.body
  }
}

/**
 * Replaces global fetch with handlers keyed 'METHOD /api/path' (path without the query); an
 * unknown route answers 404. Returns the calls made and `restore()`.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const real = globalThis.fetch
  const calls: ApiCall[] = []
  globalThis.fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init.method ?? 'GET').toUpperCase()
    const call = { method, path: url.pathname, query: url.searchParams, body: bodyOf(init), init }
    calls.push(call)
    const handler = handlers[`${method} ${url.pathname}`]
    if (!handler) return apiError(404, 'Not found')
    const answer = await handler(call)
    return answer instanceof Response ? answer : json(200, answer)
  }) as typeof fetch
  return {
    calls,
    /** The calls to one route, e.g. 'GET /api/admin/messages'. */
    to: (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route),
    restore: () => {
      globalThis.fetch = real
    },
  }
}

/** Types `value` into an input the way React notices (sets the native value, fires input). */
export async function fill(input: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    const proto = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

/** Picks an option of a select the way React notices (sets the native value, fires change). */
export async function choose(select: HTMLSelectElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value)
    select.dispatchEvent(new Event('change', { bubbles: true }))
  })
}

export const click = (el: Element | null) => act(async () => (el as HTMLElement).click())

/** The button (or link) whose text is exactly `text`. */
export function byText<T extends HTMLElement = HTMLButtonElement>(root: ParentNode, text: string, selector = 'button, a'): T {
  const found = [...root.querySelectorAll<T>(selector)].find((el) => el.textContent?.trim() === text)
  if (!found) throw new Error(`no ${selector} with text ${JSON.stringify(text)}`)
  return found
}
