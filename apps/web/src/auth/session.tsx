import { type ComponentChildren, createContext } from 'preact';
import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { type Api, createApi } from '../api/client.ts';
import { PROJECT_PARAM, projectSwitchUrl } from '../lib/project-url.ts';
import { type Credentials, clearCredentials, loadCredentials, saveCredentials } from './credentials.ts';
import {
  clearProjectChoice,
  currentProject,
  loadProjectChoice,
  type ProjectSummary,
  saveProjectChoice,
} from './project-choice.ts';

export type Session = {
  credentials: Credentials | null;
  /** Calls the API as the signed-in credentials, on the current project. */
  api: Api | null;
  /** The bearer token: manages projects and keys, and may switch projects. */
  isAdmin: boolean;
  /**
   * The project the pages show: the one the URL names (`?project=`), else the one chosen before in
   * this tab, else the default. Null until the projects are read, and when the URL names one these
   * credentials cannot read.
   */
  project: ProjectSummary | null;
  /** The project the URL names when it is not among those these credentials can read. */
  unreadableProject: string | null;
  /** The projects these credentials can read (the admin: all; a key pair: its own). */
  projects: ProjectSummary[];
  /** The projects were read (or could not be: then the pages show the credentials' default project). */
  projectsRead: boolean;
  /** Shows another project: the URL names it (see projectSwitchUrl for where the page goes). */
  selectProject: (id: string) => void;
  /** Reads the projects again (after the admin created or renamed one). */
  reloadProjects: () => Promise<ProjectSummary[]>;
  /** Why the user was signed out, shown on the sign-in form. */
  notice: string | null;
  /** The kind of credentials last signed out in this tab, so the form offers the same kind again. */
  signedOutKind: Credentials['kind'] | null;
  signIn: (c: Credentials) => void;
  signOut: (notice?: string) => void;
};

const SessionContext = createContext<Session | null>(null);

/**
 * Holds the signed-in credentials (sessionStorage), the projects they can read and the one shown,
 * and the API client built from them: the admin's calls name the project shown
 * (Spanhouse-Project), a key pair's calls need nothing (the key is its project's). The project
 * shown is the URL's when it names one, so the provider sits inside the LocationProvider.
 */
export function SessionProvider(props: { children: ComponentChildren; storage?: Storage }) {
  const storage = props.storage ?? sessionStorage;
  const [credentials, setCredentials] = useState<Credentials | null>(() => loadCredentials(storage));
  const [notice, setNotice] = useState<string | null>(null);
  const [projects, setProjects] = useState<ProjectSummary[]>([]);
  const [projectsRead, setProjectsRead] = useState(false);
  const [chosen, setChosen] = useState<string | null>(() => loadProjectChoice(storage));
  const [signedOutKind, setSignedOutKind] = useState<Credentials['kind'] | null>(null);
  const location = useLocation();
  const urlProject = location.query?.[PROJECT_PARAM] || null;
  const signedIn = useRef(credentials);
  signedIn.current = credentials;

  const signOut = useCallback(
    (why?: string) => {
      if (signedIn.current) setSignedOutKind(signedIn.current.kind);
      clearCredentials(storage);
      clearProjectChoice(storage);
      setCredentials(null);
      setProjects([]);
      setChosen(null);
      setNotice(why ?? null);
    },
    [storage],
  );
  const signIn = useCallback(
    (c: Credentials) => {
      saveCredentials(c, storage);
      setCredentials(c);
      setNotice(null);
    },
    [storage],
  );
  const onUnauthorized = useCallback(
    () => signOut('The service no longer accepts these credentials (401). Sign in again.'),
    [signOut],
  );
  // The project listing is read without a project: the admin lists them all.
  const listing = useMemo(
    () => (credentials ? createApi(credentials, { onUnauthorized }) : null),
    [credentials, onUnauthorized],
  );
  const reloadProjects = useCallback(async () => {
    if (!listing) return [];
    const res = await listing.get<{ data: ProjectSummary[] }>('/api/public/projects');
    const list = res.data.map(({ id, name, retentionDays }) => ({
      id,
      name,
      ...(retentionDays ? { retentionDays } : {}),
    }));
    setProjects(list);
    return list;
  }, [listing]);
  useEffect(() => {
    setProjects([]);
    setProjectsRead(false);
    reloadProjects()
      .catch(() => undefined)
      .finally(() => setProjectsRead(true));
  }, [reloadProjects]);

  const isAdmin = credentials?.kind === 'bearer';
  const project = urlProject ? (projects.find((p) => p.id === urlProject) ?? null) : currentProject(projects, chosen);
  // An empty listing is one that could not be read: then nothing is known to be unreadable.
  const unreadableProject = urlProject && projects.length > 0 && !project ? urlProject : null;
  // A link's project becomes the tab's choice, for the URLs that name none (typed ones).
  useEffect(() => {
    if (!project || project.id === chosen || !urlProject) return;
    saveProjectChoice(project.id, storage);
    setChosen(project.id);
  }, [project, chosen, urlProject, storage]);
  const { path, query, route } = location;
  const selectProject = useCallback(
    (id: string) => {
      saveProjectChoice(id, storage);
      setChosen(id);
      route?.(projectSwitchUrl(path ?? '/', query ?? {}, id));
    },
    [storage, path, query, route],
  );
  // Without a listing, the admin still acts on the project the URL names.
  const shownId = project?.id ?? (projects.length === 0 ? (urlProject ?? undefined) : undefined);
  const api = useMemo(
    () => (credentials ? createApi(credentials, { onUnauthorized, project: isAdmin ? shownId : undefined }) : null),
    [credentials, onUnauthorized, isAdmin, shownId],
  );
  const value = useMemo(
    () => ({
      credentials,
      api,
      isAdmin,
      project,
      unreadableProject,
      projects,
      projectsRead,
      selectProject,
      reloadProjects,
      notice,
      signedOutKind,
      signIn,
      signOut,
    }),
    [
      credentials,
      api,
      isAdmin,
      project,
      unreadableProject,
      projects,
      projectsRead,
      selectProject,
      reloadProjects,
      notice,
      signedOutKind,
      signIn,
      signOut,
    ],
  );
  return <SessionContext.Provider value={value}>{props.children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/** The API client of a signed-in page (pages only render once signed in). */
export function useApi(): Api {
  const { api } = useSession();
  if (!api) throw new Error('useApi while signed out');
  return api;
}
