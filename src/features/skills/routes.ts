// Skills room: computed skills at /api/skills; lexicon and overrides under /api/admin/skills.
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { LexiconCreateInput, LexiconReorderInput, LexiconUpdateInput, OverrideInput, OverrideParams, SkillsQuery } from '#src/contract/skill'
import { badRequest, cleanQuery, validate } from '#src/lib/http-error'
import { createLexiconItem, deleteLexiconItem, listLexicon, reorderLexicon, updateLexiconItem } from './lexicon-service'
import { deleteOverride, listOverrides, putOverride } from './overrides-service'
import { listSkills } from './service'
import { routePolicies } from '#src/plugins/route-policies'

/**
 * Elysia has already URL-decoded the parameter. A malformed escape arrives as null or, over a
 * real server, with U+FFFD in its place: either way the client sent bytes we cannot trust as a name.
 */
function decoded(raw: string | null | undefined): string {
  if (raw == null || raw.includes('\uFFFD')) throw badRequest('The skill name in the URL is not validly encoded.')
  return raw
}

export const skillsRoutes = ({ conn, clock }: AppDeps) =>
  new Elysia().use(routePolicies)
    .get('/api/skills', ({ query }) => {
      // includeCounts is accepted for the client of spec section 7; relatedProjects are always
      // sent since they cost nothing extra (the matching already finds them).
      validate(SkillsQuery, cleanQuery(query))
      return { skills: listSkills(conn.db, clock.now().toISOString()) }
    }, { shows: ['skills'] })
    .get('/api/admin/skills/lexicon', () => ({ items: listLexicon(conn.db) }))
    .post('/api/admin/skills/lexicon', ({ body, set }) => {
      const item = createLexiconItem(conn.db, validate(LexiconCreateInput, body))
      set.status = 201
      return { item }
    }, { invalidates: ['skills'] })
    .post('/api/admin/skills/lexicon/reorder', ({ body }) => {
      reorderLexicon(conn.db, validate(LexiconReorderInput, body).ids)
      return { ok: true as const }
    }, { invalidates: ['skills'] })
    .put('/api/admin/skills/lexicon/:id', ({ params, body }) => ({ item: updateLexiconItem(conn.db, params.id, validate(LexiconUpdateInput, body)) }), { invalidates: ['skills'] })
    .delete('/api/admin/skills/lexicon/:id', ({ params }) => {
      deleteLexiconItem(conn.db, params.id)
      return { ok: true as const }
    }, { invalidates: ['skills'] })
    .get('/api/admin/skills/overrides', () => ({ items: listOverrides(conn.db) }))
    .put('/api/admin/skills/overrides/:name', ({ params, body }) => {
      const { name } = validate(OverrideParams, { name: decoded(params.name) })
      return { item: putOverride(conn.db, name, validate(OverrideInput, body)) }
    }, { invalidates: ['skills'] })
    .delete('/api/admin/skills/overrides/:name', ({ params }) => {
      // No name validation here: a name too short to be saved is simply not found.
      deleteOverride(conn.db, decoded(params.name))
      return { ok: true as const }
    }, { invalidates: ['skills'] })
