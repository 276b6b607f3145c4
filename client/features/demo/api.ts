// The demo's calls (spec section 7, Demo) over the site's API client.
import type { DemoLogin, LinkWalletInput, LinkWalletResult, TokenList, TxCreated, TxStatus } from '#src/contract/demo'
import * as apiPaths from '#src/contract/api-paths'
import { ApiError, REQUEST_FAILED, serverMessage, type ApiClient, type FetchLike } from '#client/lib/api'

export type DemoApi = ReturnType<typeof demoApi>

const globalFetch: FetchLike = (url, init) => globalThis.fetch(url, init)

async function jsonOf(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => '')
  try {
    return text ? (JSON.parse(text) as unknown) : undefined
  } catch {
    return text
  }
}

export function demoApi(api: ApiClient, fetchFn: FetchLike = globalFetch) {
  return {
    /** `ts` busts any cache between us and the server; the server caches 30 s itself. */
    tokens: (signal?: AbortSignal) => api.get<TokenList>(apiPaths.tokens, { query: { ts: Date.now() }, signal }),
    createTx: () => api.post<TxCreated>(apiPaths.tx, {}),
    txStatus: (id: string, signal?: AbortSignal) => api.get<TxStatus>(apiPaths.txStatus(id), { signal }),
    login: () => api.post<DemoLogin>(apiPaths.demoLogin),
    /**
     * POST /api/demo/link-wallet with the demo token as a bearer token. NOTE: by hand, because the
     * API client sets no custom headers; errors become the same ApiError it throws.
     */
    async linkWallet(token: string, input: LinkWalletInput): Promise<LinkWalletResult> {
      let res: Response
      try {
        res = await fetchFn(api.url(apiPaths.linkWallet), {
          method: 'POST',
          credentials: 'include',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(input),
        })
      } catch (e) {
        throw new ApiError(0, undefined, REQUEST_FAILED, { cause: e })
      }
      const body = await jsonOf(res)
      if (!res.ok) throw new ApiError(res.status, body, serverMessage(body) ?? (res.statusText || REQUEST_FAILED))
      return body as LinkWalletResult
    },
    /** The stream URL; `lastEventId` resumes after a reconnect of ours (see event-stream.ts). */
    eventsUrl: (lastEventId: string | null) => api.url(apiPaths.demoEvents, { lastEventId }),
  }
}
