import { METRIC_AGGS } from '@spanhouse/schema';
import { toQueryString } from '../api/client.ts';
import type { MetricLabelsResponse, MetricNamesResponse, MetricsQueryResponse } from '../api/types.ts';
import { useApi, useSession } from '../auth/session.tsx';
import { RangeFilter, TextFilter } from '../components/filters.tsx';
import { PageHead } from '../components/page-head.tsx';
import { EmptyState, ErrorState, Loading } from '../components/states.tsx';
import { useResource } from '../lib/use-resource.ts';
import { useNow, useUrlState } from '../lib/use-url-state.ts';
import {
  EXPLORER_PARAMS,
  EXPLORER_RANGES,
  encodeLabels,
  explorerQuery,
  parseLabels,
  STEP_CHOICES,
} from './explorer-state.ts';
import { LabelFilters } from './label-filters.tsx';
import { MetricResults } from './metric-results.tsx';

/** Pick a metric, filter and group its series, and chart them. */
export function ExplorerPage() {
  const api = useApi();
  const { project } = useSession();
  const [state, update] = useUrlState(EXPLORER_PARAMS);
  const [now, refresh] = useNow(JSON.stringify(state));
  const names = useResource('metric-names', (signal) =>
    api.get<MetricNamesResponse>('/api/public/metrics/names', undefined, signal),
  );
  const labels = useResource(state.name ? `labels:${state.name}` : null, (signal) =>
    api.get<MetricLabelsResponse>('/api/public/metrics/labels', { name: state.name }, signal),
  );
  const query = explorerQuery(state, now);
  const result = useResource(query ? `/api/public/metrics/query${toQueryString(query)}` : null, (signal) =>
    api.get<MetricsQueryResponse>('/api/public/metrics/query', query!, signal),
  );
  const keys = labels.data?.data.map((k) => k.key) ?? [];
  const nameList = names.data?.data ?? [];
  // Only once the names are read: until then a metric cannot be called unknown.
  const unknown = Boolean(state.name && names.data && !nameList.includes(state.name));

  const reloadAll = () => {
    refresh();
    names.reload();
    labels.reload();
    result.reload();
  };
  return (
    <main class="page">
      <PageHead title="Metrics" onRefresh={reloadAll} />
      <form class="filters" aria-label="Metric query" onSubmit={(e) => e.preventDefault()}>
        <TextFilter
          label="Metric"
          value={state.name}
          placeholder={nameList.length ? `one of ${nameList.length} metrics` : 'metric name'}
          list="metric-names"
          onCommit={(name) => update({ name, labels: undefined, group_by: undefined })}
        />
        <datalist id="metric-names">
          {nameList.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        <RangeFilter
          value={state}
          keys={EXPLORER_RANGES}
          onChange={(r) => update({ range: r.range, from: r.from, to: r.to })}
        />
        <Choice
          label="Step"
          name="step"
          value={state.step}
          options={STEP_CHOICES}
          onChange={(step) => update({ step })}
        />
        <Choice
          label="Aggregation"
          name="agg"
          value={state.agg}
          options={METRIC_AGGS}
          onChange={(agg) => update({ agg })}
        />
        <label class="filter">
          <span>Group by</span>
          <select
            name="group_by"
            value={state.group_by ?? ''}
            onChange={(e) => update({ group_by: e.currentTarget.value || undefined })}
          >
            <option value="">(each series)</option>
            {[...new Set([...keys, ...(state.group_by ? [state.group_by] : [])])].map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
      </form>
      {state.name && (
        <LabelFilters
          labels={parseLabels(state.labels)}
          suggestions={labels.data}
          onChange={(l) => update({ labels: encodeLabels(l) })}
        />
      )}
      {names.error ? (
        <ErrorState error={names.error} retry={names.reload} />
      ) : !state.name ? (
        names.data && nameList.length === 0 ? (
          <EmptyState title="No metrics stored yet">
            <p>
              Send points with <code>POST /v1/metrics/batch</code>, OTLP metrics or Prometheus remote write (see the
              README), then press Refresh.
            </p>
          </EmptyState>
        ) : (
          <MetricPicker names={nameList} onPick={(name) => update({ name })} />
        )
      ) : result.error ? (
        <ErrorState error={result.error} retry={result.reload} />
      ) : !result.data ? (
        <Loading what="the series" />
      ) : (
        <div class={result.loading ? 'stale' : undefined}>
          <MetricResults
            result={result.data}
            name={state.name}
            unknownIn={unknown ? (project?.name ?? 'this project') : undefined}
            window={[Date.parse(String(query!.from)) / 1000, Date.parse(String(query!.to)) / 1000]}
          />
        </div>
      )}
    </main>
  );
}

function Choice<V extends string>(props: {
  label: string;
  name: string;
  value: V;
  options: readonly V[];
  onChange: (v: V) => void;
}) {
  return (
    <label class="filter">
      <span>{props.label}</span>
      <select name={props.name} value={props.value} onChange={(e) => props.onChange(e.currentTarget.value as V)}>
        {props.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Before a metric is chosen: the stored names to pick from. */
function MetricPicker(props: { names: string[]; onPick: (name: string) => void }) {
  if (!props.names.length) return <Loading what="metric names" />;
  return (
    <section class="picker">
      <h2>Choose a metric</h2>
      <ul class="names">
        {props.names.slice(0, 200).map((n) => (
          <li key={n}>
            <button type="button" class="link" onClick={() => props.onPick(n)}>
              {n}
            </button>
          </li>
        ))}
      </ul>
      {props.names.length > 200 && <p class="muted">…and {props.names.length - 200} more: type a name above.</p>}
    </section>
  );
}
