import type { ComponentChildren } from 'preact';
import { ApiError } from '../api/client.ts';

export function Loading(props: { what?: string }) {
  return (
    <p class="state loading" aria-busy="true">
      Loading{props.what ? ` ${props.what}` : ''}…
    </p>
  );
}

/** What the user can do about an error, by its kind. */
export function errorHint(error: Error): string {
  if (!(error instanceof ApiError)) return 'Reload the page; if it keeps failing, check the service log.';
  if (error.status === 0) return 'Start the service (pnpm start) or check that this page points at it, then retry.';
  if (error.status === 400) return 'Check the filters on this page: the service refused one of them.';
  if (error.status === 404) return 'Check the link or the id; it may not have been stored yet.';
  if (error.status === 429 || error.status === 503) return 'The service is busy; retry in a moment.';
  return 'Retry; if it keeps failing, the service log has the details under the request id.';
}

export function ErrorState(props: { error: Error; retry?: () => void; title?: string }) {
  return (
    <div class="state error" role="alert">
      <strong>{props.title ?? 'Could not load this page'}</strong>
      <p>{props.error.message}</p>
      <p class="hint">{errorHint(props.error)}</p>
      {props.retry && (
        <button type="button" onClick={props.retry}>
          Retry
        </button>
      )}
    </div>
  );
}

export function EmptyState(props: { title: string; children?: ComponentChildren }) {
  return (
    <div class="state empty">
      <strong>{props.title}</strong>
      {props.children}
    </div>
  );
}
