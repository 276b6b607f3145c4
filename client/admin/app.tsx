// The admin SPA: login and the first run's setup outside the guard, every other screen inside it
// (spec section 2).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { Route, Router, Switch } from 'wouter'
import { guardNavigation } from '#client/lib/editor/unsaved-guard'
import { ToastProvider } from '#client/ui/toast'
import { Guard } from './guard'
import { AdminLayout } from './layout'
import { BackupsScreen } from './screens/backups-screen'
import { DashboardScreen } from './screens/dashboard-screen'
import { LoginScreen } from './screens/login-screen'
import { MessagesScreen } from './screens/messages-screen'
import { NotFoundScreen } from './screens/not-found-screen'
import { PostsScreen } from './screens/posts-screen'
import { ProjectsScreen } from './screens/projects-screen'
import { ResumesScreen } from './screens/resumes-screen'
import { SecurityScreen } from './screens/security-screen'
import { SettingsScreen } from './screens/settings-screen'
import { SetupScreen } from './screens/setup-screen'
import { SkillsScreen } from './screens/skills-screen'

export const ADMIN_BASE = '/admin'

export function AdminApp({ qc = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }) }: { qc?: QueryClient }) {
  return (
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <Router base={ADMIN_BASE} aroundNav={guardNavigation}>
          <Switch>
            <Route path="/login" component={LoginScreen} />
            <Route path="/setup" component={SetupScreen} />
            <Route>
              <Guard>
                <AdminLayout>
                  <Switch>
                    <Route path="/" component={DashboardScreen} />
                    <Route path="/resumes" component={ResumesScreen} />
                    <Route path="/messages" component={MessagesScreen} />
                    <Route path="/projects/:slug?" component={ProjectsScreen} />
                    <Route path="/posts/:slug?" component={PostsScreen} />
                    <Route path="/skills" component={SkillsScreen} />
                    <Route path="/backups" component={BackupsScreen} />
                    <Route path="/settings" component={SettingsScreen} />
                    <Route path="/security" component={SecurityScreen} />
                    <Route component={NotFoundScreen} />
                  </Switch>
                </AdminLayout>
              </Guard>
            </Route>
          </Switch>
        </Router>
      </ToastProvider>
    </QueryClientProvider>
  )
}
