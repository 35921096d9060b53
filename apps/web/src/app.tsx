import { useEffect } from 'preact/hooks';
import { LocationProvider, Route, Router, useLocation } from 'preact-iso';
import { describeCredentials } from './auth/credentials.ts';
import { SessionProvider, useSession } from './auth/session.tsx';
import { SignIn } from './auth/sign-in.tsx';
import { IngestStatus } from './components/ingest-status.tsx';
import { EmptyState, Loading } from './components/states.tsx';
import { ExplorerPage } from './metrics/explorer-page.tsx';
import { SessionListPage } from './sessions/session-list-page.tsx';
import { SessionPage } from './sessions/session-page.tsx';
import { SettingsPage } from './settings/settings-page.tsx';
import { TracePage } from './trace-detail/trace-page.tsx';
import { TraceListPage } from './trace-list/trace-list-page.tsx';
import { UsagePage } from './usage/usage-page.tsx';

export function App() {
  return (
    <LocationProvider>
      <SessionProvider>
        <Shell />
      </SessionProvider>
    </LocationProvider>
  );
}

/**
 * Signed out: the sign-in form at whatever URL was opened, which then shows once signed in. The
 * pages are remade when the project changes, so each loads the new project's data.
 */
function Shell() {
  const { credentials, project, projectsRead } = useSession();
  if (!credentials) return <SignIn />;
  if (!projectsRead) return <Loading what="projects" />;
  return (
    <>
      <TopBar />
      <IngestStatus />
      <Router key={project?.id ?? ''}>
        <Route path="/" component={Home} />
        <Route path="/traces" component={TraceListPage} />
        <Route path="/traces/:id" component={TracePage} />
        <Route path="/sessions" component={SessionListPage} />
        <Route path="/sessions/:id" component={SessionPage} />
        <Route path="/usage" component={UsagePage} />
        <Route path="/explore" component={ExplorerPage} />
        <Route path="/settings" component={SettingsPage} />
        <Route default component={NotFound} />
      </Router>
    </>
  );
}

const NAV = [
  ['/traces', 'Traces'],
  ['/sessions', 'Sessions'],
  ['/usage', 'Usage'],
  ['/explore', 'Metrics'],
  ['/settings', 'Settings'],
] as const;

function TopBar() {
  const { path } = useLocation();
  const { credentials, signOut } = useSession();
  return (
    <header class="topbar">
      <a class="brand" href="/traces">
        spanhouse
      </a>
      <nav aria-label="Main">
        {NAV.map(([href, label]) => (
          <a key={href} href={href} aria-current={path === href || path.startsWith(`${href}/`) ? 'page' : undefined}>
            {label}
          </a>
        ))}
      </nav>
      <ProjectPicker />
      <span class="who">{credentials && `Signed in with ${describeCredentials(credentials)}`}</span>
      <button type="button" onClick={() => signOut()}>
        Sign out
      </button>
    </header>
  );
}

/** The project shown: the admin switches between every project; a key pair shows its own. */
function ProjectPicker() {
  const { isAdmin, project, projects, selectProject } = useSession();
  if (!project) return null;
  if (!isAdmin || projects.length < 2) {
    return (
      <span class="project-name" title={`Project ${project.id}`}>
        {project.name}
      </span>
    );
  }
  return (
    <label class="project-picker">
      <select value={project.id} onChange={(e) => selectProject(e.currentTarget.value)} aria-label="Project">
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}

function Home() {
  const { route } = useLocation();
  useEffect(() => route('/traces', true), [route]);
  return null;
}

function NotFound() {
  return (
    <main class="page">
      <EmptyState title="No page here">
        <p>
          Go to the <a href="/traces">traces</a>, <a href="/sessions">sessions</a>, <a href="/usage">usage</a> or{' '}
          <a href="/explore">metrics</a>.
        </p>
      </EmptyState>
    </main>
  );
}
