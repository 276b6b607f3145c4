// Contact room, admin side: the messages inbox under /api/admin/messages (the boundary checks the session).
import { Elysia } from 'elysia'
import type { AppDeps } from '../../app-deps'
import { ArchiveInput, MessagesQuery } from '../../contract/contact'
import { cleanQuery, validate } from '../../lib/http-error'
import { deleteMessage, listMessages, setArchived } from './service'

export const messagesRoutes = ({ conn }: AppDeps) =>
  new Elysia()
    .get('/api/admin/messages', ({ query, set }) => {
      // Messages hold visitors' personal data: never keep them in a cache.
      set.headers['cache-control'] = 'no-store'
      return listMessages(conn.db, validate(MessagesQuery, cleanQuery(query)))
    })
    .patch('/api/admin/messages/:id/archive', ({ params, body }) => setArchived(conn.db, params.id, validate(ArchiveInput, body).archived))
    .delete('/api/admin/messages/:id', ({ params }) => {
      deleteMessage(conn.db, params.id)
      return { ok: true as const }
    })
