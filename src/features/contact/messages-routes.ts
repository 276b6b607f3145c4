// Contact room, admin side: the messages inbox under /api/admin/messages (the boundary checks the
// session) with its unread count and "opened" mark, and one person's messages exported or erased
// by their address.
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { ArchiveInput, MessagesByEmail, messagesExportFileName, MessagesQuery, type ErasureResult, type MessagesInbox } from '#src/contract/contact'
import type { InboxOpened } from '#src/contract/owner/notifications'
import { cleanQuery, validate } from '#src/lib/http-error'
import { eraseMessages, exportMessages } from './erasure'
import { deleteMessage, listMessages, setArchived } from './service'
import { routePolicies } from '#src/plugins/route-policies'
import { adminOf } from '#src/features/auth'
import { markInboxOpened, unreadCount } from '#src/features/notifications'

export const messagesRoutes = ({ conn, clock, log }: AppDeps) =>
  new Elysia().use(routePolicies)
    .get('/api/admin/messages', ({ query, request, set }): MessagesInbox => {
      // Messages hold visitors' personal data: never keep them in a cache.
      set.headers['cache-control'] = 'no-store'
      const page = listMessages(conn.db, validate(MessagesQuery, cleanQuery(query)))
      return { ...page, unread: unreadCount(conn.db, adminOf(request).id) }
    })
    .post('/api/admin/messages/opened', ({ request }): InboxOpened => {
      markInboxOpened(conn.db, adminOf(request).id, clock.now())
      return { ok: true }
    })
    .get('/api/admin/messages/export', ({ query, set }) => {
      const { email } = validate(MessagesByEmail, cleanQuery(query))
      set.headers['cache-control'] = 'no-store'
      set.headers['content-disposition'] = `attachment; filename="${messagesExportFileName(email)}"`
      return exportMessages(conn.db, email, clock)
    })
    .post('/api/admin/messages/erase', ({ body }): ErasureResult => {
      const erased = eraseMessages(conn.db, validate(MessagesByEmail, body).email)
      // The count only: logging the address would keep the very data just erased.
      log.info('messages erased', { messages: erased })
      return { ok: true, erased }
    })
    .patch('/api/admin/messages/:id/archive', ({ params, body }) => setArchived(conn.db, params.id, validate(ArchiveInput, body).archived))
    .delete('/api/admin/messages/:id', ({ params }) => {
      deleteMessage(conn.db, params.id)
      return { ok: true as const }
    })
