import type { PaginationMeta } from '../api/types.ts';
import { formatCount } from '../lib/format.ts';

/** Server-side pages: previous/next and where we are. */
export function Pagination(props: { meta: PaginationMeta; noun: string; onPage: (page: number) => void }) {
  const { page, totalPages, totalItems } = props.meta;
  return (
    <nav class="pagination" aria-label="Pages">
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
