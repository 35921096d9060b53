import { useEffect } from 'preact/hooks';
import { LocationProvider, Route, Router, useLocation } from 'preact-iso';
import { describeCredentials } from './auth/credentials.ts';
import { currentProject } from './auth/project-choice.ts';
import { SessionProvider, useSession } from './auth/session.tsx';
import { SignIn } from './auth/sign-in.tsx';
import { IngestStatus } from './components/ingest-status.tsx';
import { EmptyState, Loading } from './components/states.tsx';
import { PROJECT_PARAM, useProjectHref, withProject } from './lib/project-url.ts';
import { useTopOnNewPage } from './lib/scroll-restore.ts';
import { ExplorerPage } from './metrics/explorer-page.tsx';
import { decodePath } from './routes.ts';
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
 * pages are remade when the project changes, so each loads the new project's data. A URL that
 * names no project is given the one shown (replacing the history entry), so every address the
 * user copies names its project; one that names a project these credentials cannot read shows
 * why instead of any page.
 */
function Shell() {
  const { credentials, project, projectsRead, unreadableProject } = useSession();
  const { url, path, query, route } = useLocation();
  useTopOnNewPage(url);
  const shown = credentials && projectsRead ? project?.id : undefined;
  useEffect(() => {
    if (shown && !query[PROJECT_PARAM]) route(withProject(url, shown), true);
  }, [shown, url, query, route]);
  if (!credentials) return <SignIn />;
  if (!projectsRead) return <Loading what="projects" />;
  if (unreadableProject) {
    return (
      <>
        <TopBar />
        <UnreadableProject id={unreadableProject} />
      </>
    );
  }
  if (decodePath(path) === null) {
    return (
      <>
        <TopBar />
        <UndecodablePath path={path} />
      </>
    );
  }
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
  const link = useProjectHref();
  return (
    <header class="topbar">
      <a class="brand" href={link('/traces')}>
        spanhouse
      </a>
      <nav aria-label="Main">
        {NAV.map(([href, label]) => (
          <a
            key={href}
            href={link(href)}
            aria-current={path === href || path.startsWith(`${href}/`) ? 'page' : undefined}
          >
            {label}
          </a>
        ))}
      </nav>
      <ProjectPicker />
      <span class="who" title={credentials ? `Signed in with ${describeCredentials(credentials)}` : undefined}>
        {credentials && `Signed in with ${describeCredentials(credentials)}`}
      </span>
      <button type="button" onClick={() => signOut()}>
        Sign out
      </button>
    </header>
  );
}

/**
 * The project shown: the admin switches between every project; a key pair shows its own. With a
 * URL naming a project that does not exist, the admin's switcher offers the others.
 */
function ProjectPicker() {
  const { isAdmin, project, projects, selectProject } = useSession();
  const chooser = isAdmin && !project && projects.length > 0;
  if (!chooser && !project) return null;
  if (!chooser && (!isAdmin || projects.length < 2)) {
    return (
      <span class="project-name" title={`${project!.name} (project ${project!.id})`}>
        {project!.name}
      </span>
    );
  }
  return (
    <label class="project-picker">
      <select value={project?.id ?? ''} onChange={(e) => selectProject(e.currentTarget.value)} aria-label="Project">
        {chooser && (
          <option value="" disabled>
            (choose a project)
          </option>
        )}
        {projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The URL names a project these credentials cannot read: the admin reads every project, so it does
 * not exist (or was deleted); a key reads its own project only. Nothing of another project is
 * shown in its place.
 */
function UnreadableProject(props: { id: string }) {
  const { isAdmin, credentials, projects } = useSession();
  const { path } = useLocation();
  const fallback = currentProject(projects, null);
  const where = fallback ? withProject('/traces', fallback.id) : '/traces';
  return (
    <main class="page">
      <div class="state error" role="alert">
        {isAdmin ? (
          <>
            <strong>Project {props.id} does not exist</strong>
            <p>
              This link (<code>{path}</code>) names the project <code>{props.id}</code>, which no longer exists or never
              did: it may have been deleted. Nothing of another project is shown in its place.
            </p>
            <p class="hint">
              Choose a project above, or open the{' '}
              <a href={where}>traces of {fallback?.name ?? 'the default project'}</a>.
            </p>
          </>
        ) : (
          <>
            <strong>This key cannot read project {props.id}</strong>
            <p>
              This link names the project <code>{props.id}</code>, but you signed in with{' '}
              {credentials ? describeCredentials(credentials) : 'a key'}, which reads its own project (
              {fallback?.name ?? 'another one'}) only, or the project does not exist.
            </p>
            <p class="hint">
              Sign out and sign in with the API token or a key of that project, or open the{' '}
              <a href={where}>traces of {fallback?.name ?? "this key's project"}</a>.
            </p>
          </>
        )}
      </div>
    </main>
  );
}

/** A link whose path does not decode (cut inside a percent-escape): says so, and leads to its list. */
function UndecodablePath(props: { path: string }) {
  const link = useProjectHref();
  const section = `/${props.path.split('/')[1] ?? ''}`;
  const list = decodePath(section) !== null && section !== '/' ? section : '/traces';
  return (
    <main class="page">
      <div class="state error" role="alert">
        <strong>This link is cut short</strong>
        <p>
          Its address (<code>{props.path}</code>) holds a percent-escape that does not decode, as when a link is cut in
          the middle of a character while being copied.
        </p>
        <p class="hint">
          Copy the whole link again, or open the <a href={link(list)}>{list.slice(1)} list</a>.
        </p>
      </div>
    </main>
  );
}

function Home() {
  const { route } = useLocation();
  const link = useProjectHref();
  useEffect(() => route(link('/traces'), true), [route, link]);
  return null;
}

function NotFound() {
  const link = useProjectHref();
  return (
    <main class="page">
      <EmptyState title="No page here">
        <p>
          Go to the <a href={link('/traces')}>traces</a>, <a href={link('/sessions')}>sessions</a>,{' '}
          <a href={link('/usage')}>usage</a> or <a href={link('/explore')}>metrics</a>.
        </p>
      </EmptyState>
    </main>
  );
}
