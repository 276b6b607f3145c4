// The one route table of the public site, used by the server renderer and the client router.
import type { PostWithNeighbours } from '#src/contract/post'
import type { Project } from '#src/contract/project'
import { postQuery, projectQuery, projectsQuery, resumeLinkQuery, skillsQuery } from '../lib/site-data'
import { prefetchBlog } from './pages/blog-filters'
import { DemoPage } from './pages/demo-page'
import { prefetchHome } from './pages/home-data'
import { projectFilters } from './pages/project-filters'
import { lazyPage } from './lazy-page'
import { pageTitle, type SiteRoute } from './route-types'

// Pages visited rarely, or heavy, stay out of the first-load bundle (the public JS budget).
const home = lazyPage(() => import('./pages/home-page').then((m) => m.HomePage))
const projects = lazyPage(() => import('./pages/projects-page').then((m) => m.ProjectsPage))
const contact = lazyPage(() => import('./pages/contact-page').then((m) => m.ContactPage))
const privacy = lazyPage(() => import('./pages/privacy-page').then((m) => m.PrivacyPage))
const resume = lazyPage(() => import('./pages/resume-page').then((m) => m.ResumePage))
const blog = lazyPage(() => import('./pages/blog-page').then((m) => m.BlogPage))
const post = lazyPage(() => import('./pages/post-page').then((m) => m.PostPage))
const project = lazyPage(() => import('./pages/project-page').then((m) => m.ProjectPage))
const skills = lazyPage(() => import('./pages/skills-page').then((m) => m.SkillsPage))

/** A list page's description: the owner's intro line, or a plain sentence naming the site. */
const describe = (intro: string, fallback: string) => intro || fallback

export const routes: SiteRoute[] = [
  {
    path: '/',
    page: home.Page,
    load: home.load,
    prefetch: ({ qc, data }) => prefetchHome(qc, data),
    head: ({ site }) => ({ title: site.seo.title || site.siteName, description: site.seo.description }),
  },
  {
    path: '/projects',
    page: projects.Page,
    load: projects.load,
    prefetch: ({ qc, data, search }) => qc.prefetchQuery(projectsQuery(data, projectFilters(search))),
    cache: { query: ['search', 'tag'] },
    head: ({ site }) => ({ title: `${site.siteName} - Projects`, description: describe(site.intros.projects, `Projects by ${site.siteName}.`) }),
  },
  {
    path: '/projects/:slug',
    page: project.Page,
    load: project.load,
    prefetch: ({ qc, data, params }) => qc.fetchQuery(projectQuery(data, params.slug!)),
    head: ({ qc, data, params, site }) => {
      const project = qc.getQueryData<Project>(projectQuery(data, params.slug!).queryKey)
      return { title: pageTitle(project?.title ?? 'Project', site), description: project?.summary ?? describe(site.intros.projects, `Projects by ${site.siteName}.`) }
    },
  },
  {
    path: '/demo/dapp',
    page: DemoPage,
    head: ({ site }) => ({ title: pageTitle('Token demo', site), description: 'A mock token dApp: live prices, a demo wallet and transfers over a live event stream.' }),
  },
  {
    path: '/blog',
    page: blog.Page,
    load: blog.load,
    prefetch: ({ qc, data, search }) => prefetchBlog(qc, data, search),
    cache: { query: ['search', 'tag'] },
    head: ({ site }) => ({ title: pageTitle('Blog', site), description: describe(site.intros.blog, `Writing by ${site.siteName}.`) }),
  },
  {
    path: '/blog/:slug',
    page: post.Page,
    load: post.load,
    prefetch: ({ qc, data, params }) => qc.fetchQuery(postQuery(data, params.slug!)),
    head: ({ qc, data, params, site }) => {
      const post = qc.getQueryData<PostWithNeighbours>(postQuery(data, params.slug!).queryKey)
      return { title: pageTitle(post?.title ?? 'Blog', site), description: post?.summary ?? '' }
    },
  },
  {
    path: '/skills',
    page: skills.Page,
    load: skills.load,
    prefetch: ({ qc, data }) => qc.prefetchQuery(skillsQuery(data)),
    cache: { query: ['search', 'bucket'] },
    head: ({ site }) => ({ title: pageTitle('Skills', site), description: describe(site.intros.skills, `Skills of ${site.siteName}, measured by the projects that use them.`) }),
  },
  {
    path: '/contact',
    page: contact.Page,
    load: contact.load,
    head: ({ site }) => ({ title: pageTitle('Contact', site), description: `Send ${site.siteName} a message.` }),
  },
  {
    path: '/privacy',
    page: privacy.Page,
    load: privacy.load,
    head: ({ site }) => ({ title: pageTitle('Privacy', site), description: 'What this site collects and why: only what you send through the contact form.' }),
  },
  {
    path: '/resume/:token',
    page: resume.Page,
    // A one-time link is a capability: never stored, never shared.
    cache: false,
    load: resume.load,
    // The link's state is read here, so the page says it without JavaScript; a read never uses it up.
    prefetch: ({ qc, data, params }) => qc.prefetchQuery(resumeLinkQuery(data, params.token!)),
    head: ({ site }) => ({ title: pageTitle('Resume', site), description: 'A one-time resume download link.', noindex: true }),
  },
]

export const notFoundHead = (site: { siteName: string }) => ({ title: `Page not found - ${site.siteName}`, description: "The page you're looking for doesn't exist or was moved.", noindex: true })
