import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../src/app.tsx';

/** Answers the UI's calls with Langfuse-shaped session bodies, recording what was asked. */
function serve(routes: Record<string, unknown>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const path = url.split('?')[0]!;
    // Every signed-in page first reads the projects the credentials can see.
    const body = path === '/api/public/projects' ? { data: [{ id: 'spanhouse', name: 'spanhouse' }] } : routes[path];
    return body === undefined
      ? new Response(JSON.stringify({ message: `no route for GET ${path}`, code: 'NOT_FOUND', data: null }), {
          status: 404,
        })
      : new Response(JSON.stringify(body), { status: 200 });
  });
  return asked;
}

beforeEach(() => sessionStorage.setItem('spanhouse.credentials', JSON.stringify({ kind: 'bearer', token: 't' })));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('sessions pages', () => {
  it("lists sessions from GET /api/public/sessions and links each, in the page's project", async () => {
    history.replaceState(null, '', '/sessions?environment=production');
    const asked = serve({
      '/api/public/sessions': {
        data: [{ id: 'sess-1', createdAt: '2026-03-01T10:00:00.000Z', projectId: 'p', environment: 'production' }],
        meta: { page: 1, limit: 50, totalItems: 1, totalPages: 1 },
      },
    });
    render(<App />);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'sess-1' }).getAttribute('href')).toBe(
        '/sessions/sess-1?project=spanhouse',
      ),
    );
    expect(asked.filter((u) => u.startsWith('/api/public/sessions'))).toEqual([
      '/api/public/sessions?page=1&limit=50&environment=production',
    ]);
  });

  it('says a page past the end has no sessions, and leads back to the first page', async () => {
    history.replaceState(null, '', '/sessions?page=5');
    serve({
      '/api/public/sessions': { data: [], meta: { page: 5, limit: 50, totalItems: 3, totalPages: 1 } },
    });
    render(<App />);
    expect(await screen.findByText('No sessions on this page')).toBeTruthy();
    expect(screen.queryByText('No sessions yet')).toBeNull();
    expect(screen.getByText(/Page 5 is past the end: the list has 3 sessions on 1 page\./)).toBeTruthy();
    screen.getByRole('button', { name: 'Go to the first page' }).click();
    await waitFor(() => expect(location.search).toBe('?project=spanhouse'));
  });

  it("shows one session's traces in time order with their conversations", async () => {
    history.replaceState(null, '', '/sessions/sess-1');
    serve({
      '/api/public/sessions/sess-1': {
        id: 'sess-1',
        createdAt: '2026-03-01T10:00:00.000Z',
        projectId: 'p',
        environment: 'default',
        traces: [
          {
            id: 't2',
            timestamp: '2026-03-01T10:05:00.000Z',
            name: 'turn-2',
            input: [{ role: 'user', content: 'And tomorrow?' }],
            output: 'Rain.',
          },
          {
            id: 't1',
            timestamp: '2026-03-01T10:00:00.000Z',
            name: 'turn-1',
            input: { role: 'user', content: 'Weather?' },
            output: { role: 'assistant', content: 'Sunny.' },
          },
        ],
      },
    });
    render(<App />);
    await waitFor(() => expect(document.querySelectorAll('.session-traces > li')).toHaveLength(2));
    const turns = [...document.querySelectorAll('.session-traces > li')];
    expect(turns.map((li) => li.querySelector('header a')!.textContent)).toEqual(['turn-1', 'turn-2']);
    expect(turns[0]!.querySelector('.message.role-assistant')!.textContent).toContain('Sunny.');
    expect(turns[1]!.textContent).toContain('Rain.');
  });

  it('says what went wrong when the server has no sessions endpoint', async () => {
    history.replaceState(null, '', '/sessions');
    serve({});
    render(<App />);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('no route for GET /api/public/sessions'),
    );
  });
});
