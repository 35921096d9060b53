import { useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/client.ts';
import { useApi, useSession } from '../auth/session.tsx';
import { EmptyState, ErrorState, Loading } from '../components/states.tsx';
import { formatTime } from '../lib/format.ts';
import { useResource } from '../lib/use-resource.ts';

/** A key as listed: never its secret. */
export type ApiKeySummary = {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
  note: string | null;
  publicKey: string;
  displaySecretKey: string;
};

/** A key just created: the only time its secret is shown. */
export type NewKey = { id: string; publicKey: string; secretKey: string; note: string | null };

/**
 * The project's settings: its name and id, and for the admin its API keys (created with the
 * secret shown once, revoked) and a new project. A key pair sees its project and that keys are
 * the admin's to manage.
 */
export function SettingsPage() {
  const { project, isAdmin } = useSession();
  // One error for the whole page: any action's outcome replaces the last one's, so a refusal of
  // one form does not stay on screen beside another form's success.
  const [error, setError] = useState<PageError | null>(null);
  if (!project) return null;
  return (
    <main class="page settings">
      <header class="page-head">
        <h1>Settings</h1>
      </header>
      <section class="card" aria-label="Project">
        <h2>Project {project.name}</h2>
        <p>
          Id <code>{project.id}</code>. Send its data with one of its keys (HTTP Basic <code>publicKey:secretKey</code>,
          as the Langfuse SDKs and OpenTelemetry exporters do).
        </p>
        <p class="retention">
          {project.retentionDays
            ? `Retention: ${project.retentionDays} days. Older traces, observations, scores and metric points are not shown and their disk is given back.`
            : "Retention: none of its own; the instance's RETENTION_DAYS applies (unset: data is kept forever)."}
        </p>
      </section>
      {isAdmin ? (
        <>
          <ApiKeys projectId={project.id} error={error?.at === 'keys' ? error.message : null} onError={setError} />
          <NewProject error={error?.at === 'project' ? error.message : null} onError={setError} />
        </>
      ) : (
        <section class="card">
          <p>The keys of this project are managed with the API bearer token (the admin).</p>
        </section>
      )}
    </main>
  );
}

/** Which form the error belongs to, shown under it. */
type PageError = { at: 'keys' | 'project'; message: string };
type ErrorProps = { error: string | null; onError: (e: PageError | null) => void };

function ApiKeys(props: { projectId: string } & ErrorProps) {
  const api = useApi();
  const path = `/api/public/projects/${encodeURIComponent(props.projectId)}/apiKeys`;
  const keys = useResource(path, (signal) => api.get<{ apiKeys: ApiKeySummary[] }>(path, undefined, signal));
  const [created, setCreated] = useState<NewKey | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const setError = (message: string | null) => props.onError(message === null ? null : { at: 'keys', message });

  const create = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setCreated(await api.send<NewKey>('POST', path, note.trim() ? { note: note.trim() } : {}));
      setNote('');
      keys.reload();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (key: ApiKeySummary) => {
    if (!window.confirm(`Revoke ${key.publicKey}? Clients using it are refused within seconds.`)) return;
    setError(null);
    try {
      await api.send('DELETE', `${path}/${encodeURIComponent(key.id)}`);
      if (created?.id === key.id) setCreated(null);
      keys.reload();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <section class="card" aria-label="API keys">
      <h2>API keys</h2>
      {created && <CreatedKey created={created} onDone={() => setCreated(null)} />}
      {keys.error ? (
        <ErrorState error={keys.error} retry={keys.reload} />
      ) : !keys.data ? (
        <Loading what="keys" />
      ) : keys.data.apiKeys.length === 0 ? (
        <EmptyState title="No keys yet">
          <p>Create one below; its secret is shown once.</p>
        </EmptyState>
      ) : (
        <div class="keys-wrap">
          <table class="list keys">
            <thead>
              <tr>
                <th>Public key</th>
                <th>Secret</th>
                <th>Note</th>
                <th>Created</th>
                <th>Last used</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {keys.data.apiKeys.map((k) => (
                <tr key={k.id}>
                  <td>
                    <code>{k.publicKey}</code>
                  </td>
                  <td>
                    <code>{k.displaySecretKey}</code>
                  </td>
                  <td class="note">{k.note ?? ''}</td>
                  <td>{formatTime(k.createdAt)}</td>
                  <td>{k.lastUsedAt ? formatTime(k.lastUsedAt) : 'never'}</td>
                  <td>
                    <button type="button" class="danger" onClick={() => revoke(k)}>
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form class="inline-form" onSubmit={create} aria-label="Create an API key">
        <input
          type="text"
          name="note"
          placeholder="Note (what uses it)"
          value={note}
          maxLength={1000}
          onInput={(e) => setNote(e.currentTarget.value)}
        />
        <button class="primary" type="submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create key'}
        </button>
      </form>
      {props.error && (
        <p class="error" role="alert">
          {props.error}
        </p>
      )}
    </section>
  );
}

/** A new key's two halves with copy buttons; the secret is not shown again once this is closed. */
function CreatedKey(props: { created: NewKey; onDone: () => void }) {
  const { publicKey, secretKey } = props.created;
  return (
    <div class="notice new-key" role="status" aria-label="New API key">
      <p>
        <strong>Copy the secret key now: it is not shown again.</strong>
      </p>
      <CopyField label="Public key" value={publicKey} />
      <CopyField label="Secret key" value={secretKey} />
      <button type="button" onClick={props.onDone}>
        Done
      </button>
    </div>
  );
}

/**
 * A value with a copy button. The Clipboard API exists only in secure contexts (https, localhost):
 * a service opened over plain http at a LAN address has none, so the button falls back to
 * copying the field's selection, and when even that is refused it leaves the text selected and
 * says to press Ctrl+C. A button that silently did nothing would let a secret shown once be lost.
 */
function CopyField(props: { label: string; value: string }) {
  const [outcome, setOutcome] = useState<'copied' | 'press' | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const copy = async () => {
    let copied = false;
    try {
      await navigator.clipboard.writeText(props.value);
      copied = true;
    } catch {
      field.current?.focus();
      field.current?.select();
      copied = document.execCommand('copy');
    }
    setOutcome(copied ? 'copied' : 'press');
    if (copied) setTimeout(() => setOutcome(null), 2000);
  };
  return (
    <div class="copy-field">
      <span>{props.label}</span>
      <input
        ref={field}
        type="text"
        readOnly
        value={props.value}
        aria-label={props.label}
        onFocus={(e) => e.currentTarget.select()}
      />
      <button type="button" onClick={copy} aria-label={`Copy ${props.label.toLowerCase()}`}>
        {outcome === 'copied' ? 'Copied' : 'Copy'}
      </button>
      {outcome === 'press' && (
        <span class="muted" role="status">
          This browser refused to copy: the text is selected, press Ctrl+C (⌘C).
        </span>
      )}
    </div>
  );
}

function NewProject(props: ErrorProps) {
  const { api, reloadProjects, selectProject } = useSession();
  const [name, setName] = useState('');
  const setError = (message: string | null) => props.onError(message === null ? null : { at: 'project', message });
  const submit = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      const created = await api!.send<{ id: string }>('POST', '/api/public/projects', { name: name.trim() });
      setName('');
      await reloadProjects();
      selectProject(created.id);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : (err as Error).message);
    }
  };
  return (
    <section class="card" aria-label="New project">
      <h2>New project</h2>
      <form class="inline-form" onSubmit={submit} aria-label="Create a project">
        <input
          type="text"
          name="projectName"
          placeholder="Name (3 to 60 characters)"
          value={name}
          onInput={(e) => setName(e.currentTarget.value)}
        />
        <button class="primary" type="submit">
          Create project
        </button>
      </form>
      {props.error && (
        <p class="error" role="alert">
          {props.error}
        </p>
      )}
    </section>
  );
}
