// The project form's values (every field a string, as typed) and their payload (spec section 5).
import { ProjectInput, type Project, type ProjectData } from '#src/contract/project'
import { joinTags, jsonField, parseWith, type ParseResult } from '#client/lib/editor/editor-form'
import { emptyPublication, publicationInput, publicationToForm, type PublicationFormValues } from '#client/lib/editor/publication-form'

export type ProjectFormValues = {
  title: string
  slug: string
  summary: string
  role: string
  tags: string
  bodyMD: string
  heroImage: string
  gallery: string
  demoLinks: string
  metrics: string
} & PublicationFormValues
export type ProjectPayload = Partial<ProjectData>

export const emptyProjectForm: ProjectFormValues = {
  title: '',
  slug: '',
  summary: '',
  role: '',
  tags: '',
  bodyMD: '',
  heroImage: '',
  gallery: '',
  demoLinks: '',
  metrics: '',
  ...emptyPublication,
}

export function projectToForm(project: Project): ProjectFormValues {
  return {
    title: project.title,
    slug: project.slug,
    summary: project.summary ?? '',
    role: project.role ?? '',
    tags: joinTags(project.tags),
    bodyMD: project.bodyMD,
    heroImage: project.heroImage ?? '',
    gallery: (project.gallery ?? []).join('\n'),
    demoLinks: jsonField(project.demoLinks),
    metrics: jsonField(project.metrics),
    ...publicationToForm(project),
  }
}

/**
 * The payload of a save, checked by ProjectInput (the server's schema: it reads the tags, gallery
 * and JSON texts itself). `order` is never sent: reordering owns it, and the server keeps it.
 */
export function parseProjectForm(values: ProjectFormValues): ParseResult<ProjectPayload> {
  return parseWith(ProjectInput, { ...values, ...publicationInput(values) })
}

/** The gallery text with one more URL on its own line. */
export function appendLine(text: string, line: string): string {
  const kept = text.replace(/\s+$/, '')
  return kept ? `${kept}\n${line}` : line
}
