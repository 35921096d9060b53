/** A project as the UI shows it (GET /api/public/projects). */
/** A project as the header and Settings show it; `retentionDays` only when it has its own retention. */
export type ProjectSummary = { id: string; name: string; retentionDays?: number };

/** The project every existing credential acted on before projects, and the admin's default. */
export const DEFAULT_PROJECT_ID = 'spanhouse';

const STORAGE_KEY = 'spanhouse.project';

/** The project the admin last chose in this tab (sessionStorage, with the credentials). */
export function loadProjectChoice(storage: Storage = sessionStorage): string | null {
  try {
    return storage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function saveProjectChoice(id: string, storage: Storage = sessionStorage): void {
  storage.setItem(STORAGE_KEY, id);
}

export function clearProjectChoice(storage: Storage = sessionStorage): void {
  storage.removeItem(STORAGE_KEY);
}

/**
 * The project to show, of those the credentials can read: a key pair reads its own (the only one
 * listed); the admin the one chosen before, else the default project, else the first.
 */
export function currentProject(projects: readonly ProjectSummary[], chosen: string | null): ProjectSummary | null {
  return (
    projects.find((p) => p.id === chosen) ?? projects.find((p) => p.id === DEFAULT_PROJECT_ID) ?? projects[0] ?? null
  );
}
