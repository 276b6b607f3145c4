// The first run's calls: whether an admin exists (the login and setup screens ask), and creating
// the admin with the setup address's token (the answer signs the browser in).
import * as adminPaths from '#src/contract/admin-paths'
import type { OkBody } from '#src/contract/errors'
import type { SetupInput, SetupState } from '#src/contract/owner/setup'
import { adminApi } from '#client/lib/admin-api'

export const setupStateKey = ['admin', 'setup'] as const

export const setupStateQuery = {
  queryKey: setupStateKey,
  queryFn: () => adminApi.get<SetupState>(adminPaths.setup, { retries: 1 }),
  staleTime: 0,
}

export const createAdmin = (input: SetupInput) => adminApi.post<OkBody>(adminPaths.setup, input)

export const SETUP_FAILED = 'Could not create the admin. Try again.'
