import type { PaginationMeta } from '../api/types.ts';
import { formatCount } from '../lib/format.ts';

/** Server-side pages: previous/next, where we are, and (with onLimit) the page size. */
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
      <button type="button" disabled={page <= 1} onClick={() => props.onPage(page - 1)}>
        ← Previous
      </button>
      <span>
        Page {formatCount(page)} of {formatCount(Math.max(1, totalPages))} · {formatCount(totalItems)} {props.noun}
      </span>
      <button type="button" disabled={page >= totalPages} onClick={() => props.onPage(page + 1)}>
        Next →
      </button>
    </nav>
  );
}
