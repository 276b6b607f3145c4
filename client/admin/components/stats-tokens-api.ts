// The stats token calls: list, create (the secret comes back once) and revoke. Tokens let a
// script read the summary and exports without the admin session.
import { ANALYTICS_PATHS, type NewStatsToken, type StatsToken, type StatsTokenInput } from '#src/contract/analytics'
import type { ItemList } from '#src/contract/errors'
import { adminApi } from '../api'

export const statsTokensKey = ['admin', 'stats-tokens'] as const

export const statsTokensQuery = {
  queryKey: statsTokensKey,
  queryFn: () => adminApi.get<ItemList<StatsToken>>(ANALYTICS_PATHS.tokens),
}

export const createStatsToken = (input: StatsTokenInput) => adminApi.post<NewStatsToken>(ANALYTICS_PATHS.tokens, input)
export const revokeStatsToken = (id: string) => adminApi.del(ANALYTICS_PATHS.token(id))

export const TOKENS_FAILED = 'Unable to load stats tokens.'
export const CREATE_FAILED = 'Failed to create the token.'
export const REVOKE_FAILED = 'Failed to revoke the token.'
export const REVOKE_CONFIRM = 'Revoke this token? Scripts using it stop working.'
export const SHOWN_ONCE = 'Copy this token now: it is not shown again.'
export const NO_TOKENS = 'No stats tokens yet.'
