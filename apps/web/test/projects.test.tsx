import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/app.tsx';
import { currentProject } from '../src/auth/project-choice.ts';

type Call = { method: string; url: string; project: string | null; body?: unknown };

/** A service of two projects and their keys, recording each call and the project it named. */
function serve() {
  const calls: Call[] = [];
  const keys: Record<string, { id: string; publicKey: string; displaySecretKey: string; note: string | null }[]> = {
    spanhouse: [],
    p2: [{ id: 'k-old', publicKey: 'pk-sh-old', displaySecretKey: 'sk-sh-...abcd', note: 'old' }],
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const method = init.method ?? 'GET';
    const path = url.split('?')[0]!;
    calls.push({
      method,
      url,
      project: headers.get('Spanhouse-Project'),
      body: init.body && JSON.parse(String(init.body)),
    });
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
    if (path === '/api/public/projects' && method === 'POST') {
      return json({ message: 'name: must not contain HTML tags', code: 'BAD_REQUEST', data: null }, 400);
    }
    if (path === '/api/public/projects') {
      return json({
        data: [
          { id: 'spanhouse', name: 'spanhouse' },
          { id: 'p2', name: 'team two' },
        ],
      });
    }
    const keyPath = /^\/api\/public\/projects\/([^/]+)\/apiKeys(?:\/([^/]+))?$/.exec(path);
    if (keyPath) {
      const list = keys[keyPath[1]!]!;
      if (method === 'POST') {
        const created = {
          id: 'k-new',
          publicKey: 'pk-sh-new',
          secretKey: 'sk-sh-new-secret',
          displaySecretKey: 'sk-sh-...cret',
          note: 'ci',
        };
        list.push(created);
        return json(created, 201);
      }
      if (method === 'DELETE') {
        keys[keyPath[1]!] = list.filter((k) => k.id !== keyPath[2]);
        return json({ success: true });
      }
      return json({
        apiKeys: list.map((k) => ({ ...k, createdAt: '2026-03-01T10:00:00.000Z', lastUsedAt: null, expiresAt: null })),
      });
    }
    if (path === '/api/public/traces/shared-1') {
      const project = headers.get('Spanhouse-Project');
      return json({
        id: 'shared-1',
        name: `shared in ${project}`,
        timestamp: '2026-03-01T10:00:00.000Z',
        latency: 0,
        totalCost: 0,
        tags: [],
        metadata: {},
        observations: [],
        scores: [],
      });
    }
    if (path === '/api/public/traces') {
      return json({ data: [], meta: { page: 1, limit: 50, totalItems: 0, totalPages: 0 } });
    }
    return json({ message: 'no route', code: 'NOT_FOUND', data: null }, 404);
  });
  return calls;
}

beforeEach(() => sessionStorage.setItem('spanhouse.credentials', JSON.stringify({ kind: 'bearer', token: 't' })));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('projects in the UI', () => {
  it('the admin switches projects: the header shows the choice and every call names it', async () => {
    history.replaceState(null, '', '/traces');
    const calls = serve();
    render(<App />);
    const picker = (await screen.findByLabelText('Project')) as HTMLSelectElement;
    expect(picker.value).toBe('spanhouse');
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/public/traces'))).toBe(true));
    expect(calls.find((c) => c.url.startsWith('/api/public/traces'))!.project).toBe('spanhouse');
    fireEvent.change(picker, { target: { value: 'p2' } });
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/public/traces')).at(-1)!.project).toBe('p2'));
    expect(sessionStorage.getItem('spanhouse.project')).toBe('p2');
  });

  it("a URL's project wins over the tab's, and the tab keeps it for URLs that name none", async () => {
    sessionStorage.setItem('spanhouse.project', 'spanhouse');
    history.replaceState(null, '', '/traces/shared-1?project=p2');
    const calls = serve();
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'shared in p2' })).toBeTruthy();
    expect(((await screen.findByLabelText('Project')) as HTMLSelectElement).value).toBe('p2');
    expect(calls.filter((c) => c.url.startsWith('/api/public/traces/')).map((c) => c.project)).toEqual(['p2']);
    expect(sessionStorage.getItem('spanhouse.project')).toBe('p2');
    // Links keep the project.
    expect(screen.getAllByRole('link', { name: 'Traces' }).map((a) => a.getAttribute('href'))).toEqual([
      '/traces?project=p2',
      '/traces?project=p2',
    ]);
  });

  it('a URL without a project is given the one shown', async () => {
    sessionStorage.setItem('spanhouse.project', 'p2');
    history.replaceState(null, '', '/traces?name=x');
    serve();
    render(<App />);
    await waitFor(() => expect(location.search).toBe('?project=p2&name=x'));
  });

  it("a project switch on a trace page goes to that project's trace list, never to a same-id trace", async () => {
    history.replaceState(null, '', '/traces/shared-1?project=p2');
    const calls = serve();
    render(<App />);
    await screen.findByRole('heading', { level: 1, name: 'shared in p2' });
    fireEvent.change(screen.getByLabelText('Project'), { target: { value: 'spanhouse' } });
    await waitFor(() => expect(location.pathname + location.search).toBe('/traces?project=spanhouse'));
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/public/traces?'))).toBe(true));
    expect(calls.filter((c) => c.url.startsWith('/api/public/traces/')).map((c) => c.project)).toEqual(['p2']);
  });

  it('a URL naming a project that does not exist says so and loads nothing in its place', async () => {
    history.replaceState(null, '', '/traces/shared-1?project=gone');
    const calls = serve();
    render(<App />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/Project gone does not exist/);
    expect(alert.textContent).toMatch(/may have been deleted/);
    expect(calls.filter((c) => c.url !== '/api/public/projects')).toEqual([]);
    expect(location.search).toBe('?project=gone');
    // The switcher leads out of it, to the chosen project's list.
    fireEvent.change(screen.getByLabelText('Project'), { target: { value: 'p2' } });
    await waitFor(() => expect(location.pathname + location.search).toBe('/traces?project=p2'));
  });

  it('a key pair on a URL of another project is told the key cannot read it', async () => {
    sessionStorage.setItem('spanhouse.credentials', JSON.stringify({ kind: 'keys', publicKey: 'pk', secretKey: 'sk' }));
    history.replaceState(null, '', '/traces?project=spanhouse');
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ data: [{ id: 'p2', name: 'team two' }] }));
    });
    render(<App />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/This key cannot read project spanhouse/);
    expect(alert.textContent).toMatch(/key pk/);
    expect(asked).toEqual(['/api/public/projects']);
  });

  it('signed out by a 401, the form opens on the kind of credentials that were used', async () => {
    sessionStorage.setItem('spanhouse.credentials', JSON.stringify({ kind: 'keys', publicKey: 'pk', secretKey: 'sk' }));
    history.replaceState(null, '', '/traces');
    vi.stubGlobal('fetch', async (url: string) =>
      url.startsWith('/api/public/projects')
        ? new Response(JSON.stringify({ data: [{ id: 'p2', name: 'team two' }] }))
        : new Response(JSON.stringify({ message: 'revoked', code: 'UNAUTHORIZED', data: null }), { status: 401 }),
    );
    render(<App />);
    expect(await screen.findByText(/no longer accepts these credentials/)).toBeTruthy();
    expect(screen.getByLabelText('Public key')).toBeTruthy();
    expect(screen.queryByLabelText('API token')).toBeNull();
  });

  it("settings: a refused project name's error goes with the next action's success", async () => {
    history.replaceState(null, '', '/settings?project=p2');
    serve();
    render(<App />);
    await screen.findByText('pk-sh-old');
    fireEvent.input(screen.getByPlaceholderText('Name (3 to 60 characters)'), { target: { value: '<b>x</b>' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Create a project' }));
    expect((await screen.findByRole('alert')).textContent).toBe('name: must not contain HTML tags');
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    await screen.findByLabelText('Secret key');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("a key pair sees its own project's name, and no switcher", async () => {
    sessionStorage.setItem('spanhouse.credentials', JSON.stringify({ kind: 'keys', publicKey: 'pk', secretKey: 'sk' }));
    history.replaceState(null, '', '/traces');
    vi.stubGlobal(
      'fetch',
      async (url: string) =>
        new Response(
          JSON.stringify(
            url.startsWith('/api/public/projects')
              ? { data: [{ id: 'p2', name: 'team two' }] }
              : { data: [], meta: { page: 1, limit: 50, totalItems: 0, totalPages: 0 } },
          ),
        ),
    );
    render(<App />);
    expect(await screen.findByText('team two')).toBeTruthy();
    expect(screen.queryByLabelText('Project')).toBeNull();
  });

  it('settings: a new key shows its secret once with copy buttons; revoking asks first', async () => {
    history.replaceState(null, '', '/settings');
    sessionStorage.setItem('spanhouse.project', 'p2');
    const calls = serve();
    const copied: string[] = [];
    vi.stubGlobal('navigator', { clipboard: { writeText: async (t: string) => void copied.push(t) } });
    vi.stubGlobal('confirm', () => true);
    render(<App />);
    expect(await screen.findByText('pk-sh-old')).toBeTruthy();
    fireEvent.input(screen.getByPlaceholderText('Note (what uses it)'), { target: { value: 'ci' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const secret = (await screen.findByLabelText('Secret key')) as HTMLInputElement;
    expect(secret.value).toBe('sk-sh-new-secret');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/public/projects/p2/apiKeys',
      body: { note: 'ci' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Copy secret key' }));
    await waitFor(() => expect(copied).toEqual(['sk-sh-new-secret']));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Secret key')).toBeNull();
    // The listing shows the display form only.
    expect(screen.queryByText('sk-sh-new-secret')).toBeNull();
    expect(await screen.findByText('sk-sh-...cret')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Revoke' })[0]!);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/apiKeys/k-old'))).toBe(true),
    );
    await waitFor(() => expect(screen.queryByText('pk-sh-old')).toBeNull());
  });

  it('picks the chosen project, else the default one, else the first', () => {
    const list = [
      { id: 'a', name: 'a' },
      { id: 'spanhouse', name: 'default' },
    ];
    expect(currentProject(list, 'a')?.id).toBe('a');
    expect(currentProject(list, 'gone')?.id).toBe('spanhouse');
    expect(currentProject([{ id: 'only', name: 'x' }], null)?.id).toBe('only');
    expect(currentProject([], null)).toBeNull();
  });
});
