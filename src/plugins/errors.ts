// Every failure leaves as the contract's error shape; a fault is a 500 with no stack trace.
import { Elysia } from 'elysia'
import type { ApiErrorBody } from '../contract/errors'
import { HttpError } from '../lib/http-error'
import type { Logger } from '../lib/logger'
import { holdBack } from '../lib/hold-back'
import { discardBody } from './body-drain'
import { loggedPath } from './request-log'

const json = (status: number, body: ApiErrorBody, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  })

export const errorsPlugin = (log: Logger) =>
  new Elysia({ name: 'folio.errors' }).onError({ as: 'global' }, async (ctx) => {
    const response = errorResponse(ctx.code, ctx.error, ctx.request, log)
    // A refusal before the body was read (401, 403, 415, 404): the client may still be writing.
    await discardBody(ctx.request)
    if (response.status === 429) await holdBack()
    // The request log reads the status from here when the error came before routing.
    ctx.set.status = response.status
    return response
  })

function errorResponse(code: string | number, thrown: unknown, request: Request, log: Logger): Response {
  // Elysia wraps what a parse hook throws in a ParseError; ours carry the real answer.
  const error = code === 'PARSE' && thrown instanceof Error && thrown.cause instanceof HttpError ? thrown.cause : thrown
  if (error instanceof HttpError) {
    return json(error.status, { ok: false, error: error.message, ...(error.details ? { details: error.details } : {}) }, error.headers)
  }
  switch (code) {
    case 'NOT_FOUND':
      return json(404, { ok: false, error: 'Not found' })
    case 'PARSE':
      return json(400, { ok: false, error: 'Malformed request body.' })
    case 'VALIDATION':
      return json(400, { ok: false, error: 'Invalid input.' })
    case 'INVALID_COOKIE_SIGNATURE':
      return json(401, { ok: false, error: 'Not signed in.' })
  }
  log.error('request failed', { method: request.method, path: loggedPath(request.url), error: String(error instanceof Error ? error.stack : error) })
  return json(500, { ok: false, error: 'Internal error' })
}
