/** A list page's title and its Refresh button (loads again; relative time ranges move to now). */
export function PageHead(props: { title: string; onRefresh: () => void }) {
  return (
    <header class="page-head">
      <h1>{props.title}</h1>
      <button type="button" onClick={props.onRefresh} title="Load again (relative time ranges move to now)">
        Refresh
      </button>
    </header>
  );
}
