import { useEffect, useState } from 'preact/hooks';

/** How often the header asks the service whether it takes ingest. */
export const INGEST_STATUS_INTERVAL_MS = 15_000;

type Readiness = { ingestRefused?: string; message?: string };

/** The banner while the service does not answer at all (stopped, restarting, the network). */
export const UNREACHABLE = 'The service cannot be reached: nothing new loads until it answers again. Is it running?';

/**
 * What the header says about the service's state, from GET /readyz (no credentials needed): why
 * ingest is refused while reads go on (low disk space), why the service is not ready, or that it
 * does not answer. Nothing while all is well, or when the service that serves the UI does not
 * ingest (split mode's query process answers /readyz without ingest details).
 */
export async function readServiceState(signal?: AbortSignal): Promise<string | undefined> {
  let res: Response;
  try {
    res = await fetch('/readyz', { signal });
  } catch {
    return signal?.aborted ? undefined : UNREACHABLE;
  }
  // Only a 503 means not ready; any other answer (a proxy that forwards /api alone) says nothing.
  if (!res.ok && res.status !== 503) return undefined;
  const body = (await res.json().catch(() => ({}))) as Readiness;
  if (res.ok) return body.ingestRefused ? `Ingest is refused: ${body.ingestRefused}.` : undefined;
  return body.message ? `Service ${body.message}` : 'The service is not ready.';
}

/** A banner under the header while ingest is refused, the service is not ready or does not answer. */
export function IngestStatus() {
  const [state, setState] = useState<string | undefined>();
  useEffect(() => {
    const abort = new AbortController();
    const check = () => void readServiceState(abort.signal).then((s) => !abort.signal.aborted && setState(s));
    check();
    const timer = setInterval(check, INGEST_STATUS_INTERVAL_MS);
    return () => {
      abort.abort();
      clearInterval(timer);
    };
  }, []);
  if (!state) return null;
  return (
    <div class="service-state" role="alert">
      {state}
    </div>
  );
}
