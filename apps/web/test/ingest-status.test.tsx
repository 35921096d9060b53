import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IngestStatus, UNREACHABLE } from '../src/components/ingest-status.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A service whose GET /readyz answers `body` with `status`; every path asked is recorded. */
function readyz(status: number, body: unknown) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return new Response(JSON.stringify(body), { status });
  });
  return asked;
}

describe('the header banner of the service state', () => {
  it('says why ingest is refused while the service stays ready', async () => {
    const asked = readyz(200, {
      status: 'ready',
      ingestRefused: 'the disk holding /data has 12 MiB free, below DISK_MIN_FREE_BYTES (16 MiB)',
    });
    render(<IngestStatus />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Ingest is refused: the disk holding /data has 12 MiB free, below DISK_MIN_FREE_BYTES (16 MiB).',
    );
    expect(asked).toEqual(['/readyz']);
  });

  it('shows nothing while ingest is taken', async () => {
    const asked = readyz(200, { status: 'ready', ingestLagSeconds: 0.2 });
    render(<IngestStatus />);
    await waitFor(() => expect(asked).toEqual(['/readyz']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing when /readyz is not this service (an answer other than 200 or 503)', async () => {
    const asked = readyz(404, { message: 'no route for GET /readyz', code: 'NOT_FOUND', data: null });
    render(<IngestStatus />);
    await waitFor(() => expect(asked).toEqual(['/readyz']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says why the service is not ready, in the service's words", async () => {
    readyz(503, {
      message: 'not ready: replaying the ingest log: 3 of 9 records read',
      code: 'SERVICE_UNAVAILABLE',
      data: null,
    });
    render(<IngestStatus />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Service not ready: replaying the ingest log: 3 of 9 records read',
    );
  });

  it('says the service cannot be reached when /readyz gets no answer at all', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    render(<IngestStatus />);
    expect((await screen.findByRole('alert')).textContent).toBe(UNREACHABLE);
  });
});
