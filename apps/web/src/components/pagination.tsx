import type { PaginationMeta } from '../api/types.ts';
import { counted, formatCount } from '../lib/format.ts';
import { EmptyState } from './states.tsx';

/** A page number past the list's last page, on a list that has items (a shortened list, an edited URL). */
export function isPastTheEnd(meta: PaginationMeta, shown: number): boolean {
  return shown === 0 && meta.totalItems > 0 && meta.page > Math.max(1, meta.totalPages);
}

/**
 * An empty page of a list that is not empty: says so, with the way back to its first and last
 * pages. `noun`: what the list holds, singular ("trace").
 */
export function PastTheEnd(props: { meta: PaginationMeta; noun: string; onPage: (page: number) => void }) {
  const { page, totalPages, totalItems } = props.meta;
  const last = Math.max(1, totalPages);
  return (
    <EmptyState title={`No ${props.noun}s on this page`}>
      <p>
        Page {formatCount(page)} is past the end: the list has {counted(totalItems, props.noun)} on{' '}
        {counted(last, 'page')}.
      </p>
      <p>
        <button type="button" class="link" onClick={() => props.onPage(1)}>
          Go to the first page
        </button>
        {last > 1 && (
          <>
            {' · '}
            <button type="button" class="link" onClick={() => props.onPage(last)}>
              Go to the last page ({formatCount(last)})
            </button>
          </>
        )}
      </p>
    </EmptyState>
  );
}

/** Server-side pages: previous/next, where we are, and (with onLimit) the page size; `noun` singular. */
export function Pagination(props: {
  meta: PaginationMeta;
  noun: string;
  onPage: (page: number) => void;
  onLimit?: (limit: number) => void;
}) {
  const { page, totalPages, totalItems, limit } = props.meta;
  return (
    <nav class="pagination" aria-label="Pages">
      {props.onLimit && (
        <label>
          Per page{' '}
          <select name="limit" value={String(limit)} onChange={(e) => props.onLimit!(Number(e.currentTarget.value))}>
            {[20, 50, 100, 200].map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      {/* Past the end, Previous goes to the last page rather than to another empty one. */}
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => props.onPage(Math.min(page - 1, Math.max(1, totalPages)))}
      >
        ← Previous
      </button>
      <span>
        Page {formatCount(page)} of {formatCount(Math.max(1, totalPages))} · {counted(totalItems, props.noun)}
      </span>
      <button type="button" disabled={page >= totalPages} onClick={() => props.onPage(page + 1)}>
        Next →
      </button>
    </nav>
  );
}
