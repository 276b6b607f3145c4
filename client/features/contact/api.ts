// The contact form's call (spec section 7, Contact) over the site's API client: the answer's
// text is the server's, read by contact-rules.ts.
import * as apiPaths from '#src/contract/api-paths'
import type { ApiClient } from '#client/lib/api'

export const sendContact = (api: ApiClient, body: object) => api.post<unknown>(apiPaths.contact, body)
