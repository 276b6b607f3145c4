// Posts room: public reads under /api/posts, admin writes under /api/admin/posts.
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { POST_DATE_FIELDS, PostInput, PostsQuery } from '#src/contract/post'
import { checkDates } from '#src/lib/date-bounds'
import { cleanQuery, validate } from '#src/lib/http-error'
import { createPost, deletePost, getPost, listFullPosts, listPosts, updatePost } from './service'
import { routePolicies } from '#src/plugins/route-policies'

export const postRoutes = ({ conn, clock }: AppDeps) =>
  new Elysia().use(routePolicies)
    .get('/api/posts', ({ query }) => ({ items: listPosts(conn.db, clock.now().toISOString(), validate(PostsQuery, cleanQuery(query))) }), { shows: ['posts'] })
    .get('/api/posts/:slug', ({ params }) => getPost(conn.db, params.slug, clock.now().toISOString()), { shows: ['posts'] })
    .get('/api/admin/posts', () => ({ items: listFullPosts(conn.db, clock.now().toISOString()) }))
    .post('/api/admin/posts', async ({ body, set }) => {
      const post = await createPost(conn.db, checkDates(validate(PostInput, body), POST_DATE_FIELDS, clock), clock)
      set.status = 201
      return post
    }, { invalidates: ['posts'] })
    .put('/api/admin/posts/:slug', async ({ params, body }) => await updatePost(conn.db, params.slug, checkDates(validate(PostInput, body), POST_DATE_FIELDS, clock), clock), { invalidates: ['posts'] })
    .delete('/api/admin/posts/:slug', ({ params }) => {
      deletePost(conn.db, params.slug)
      return { ok: true as const }
    }, { invalidates: ['posts'] })
