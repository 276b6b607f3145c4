// Projects room: public reads under /api/projects, admin writes under /api/admin/projects.
import { Elysia } from 'elysia'
import type { AppDeps } from '#src/app-deps'
import { PROJECT_DATE_FIELDS, ProjectInput, ProjectsQuery, ReorderProjectsInput } from '#src/contract/project'
import { checkDates } from '#src/lib/date-bounds'
import { cleanQuery, validate } from '#src/lib/http-error'
import { createProject, deleteProject, getProject, listFullProjects, listProjects, reorderProjects, updateProject } from './service'
import { routePolicies } from '#src/plugins/route-policies'

/** Skills are computed from projects: a project write changes the skills page too. */
const PROJECT_PAGES = ['projects', 'skills'] as const

export const projectRoutes = ({ conn, clock }: AppDeps) =>
  new Elysia().use(routePolicies)
    .get('/api/projects', ({ query }) => ({ items: listProjects(conn.db, clock.now().toISOString(), validate(ProjectsQuery, cleanQuery(query))) }), { shows: ['projects'] })
    .get('/api/projects/:slug', ({ params }) => getProject(conn.db, params.slug, clock.now().toISOString()), { shows: ['projects'] })
    .get('/api/admin/projects', () => ({ items: listFullProjects(conn.db, clock.now().toISOString()) }))
    .post('/api/admin/projects', async ({ body, set }) => {
      const project = await createProject(conn.db, checkDates(validate(ProjectInput, body), PROJECT_DATE_FIELDS, clock), clock)
      set.status = 201
      return project
    }, { invalidates: PROJECT_PAGES })
    .post('/api/admin/projects/reorder', ({ body }) => {
      reorderProjects(conn.db, validate(ReorderProjectsInput, body).slugs)
      return { ok: true as const }
    }, { invalidates: PROJECT_PAGES })
    .put('/api/admin/projects/:slug', async ({ params, body }) => await updateProject(conn.db, params.slug, checkDates(validate(ProjectInput, body), PROJECT_DATE_FIELDS, clock), clock), { invalidates: PROJECT_PAGES })
    .delete('/api/admin/projects/:slug', ({ params }) => {
      deleteProject(conn.db, params.slug)
      return { ok: true as const }
    }, { invalidates: PROJECT_PAGES })
