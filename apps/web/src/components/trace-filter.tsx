import { joinList, splitList } from '@spanhouse/schema';
import type { ComponentChildren } from 'preact';
import type { Query } from '../api/client.ts';
import { RANGE_KEYS, type RangeKey, resolveRange } from '../lib/time-range.ts';
import { param, type StateOf } from '../lib/url-state.ts';
import { RangeFilter, TextFilter } from './filters.tsx';

/**
 * The trace filter the trace list and the daily usage share (both endpoints take it), as URL
 * parameters: a time range and the trace's user, session, tags (all of), environments (any of),
 * release and version.
 */
export const traceFilterParams = (defaultRange: RangeKey) => ({
  range: param.choice(RANGE_KEYS, defaultRange),
  from: param.text(),
  to: param.text(),
  userId: param.text(),
  sessionId: param.text(),
  tags: param.list(),
  environment: param.list(),
  release: param.text(),
  version: param.text(),
});
export type TraceFilterState = StateOf<ReturnType<typeof traceFilterParams>>;

/**
 * A list as an array parameter, one key per value: the API reads a comma in a value as between two
 * values, so a value holding one goes in double quotes (list-syntax), which the API takes whole;
 * any other value is sent as it is, which the API takes exactly.
 */
const arrayParam = (values: readonly string[]) => values.map((v) => (v.includes(',') ? joinList([v]) : v));

/** The filter as API parameters; quick ranges resolve against `nowMs`. */
export function traceFilterQuery(s: TraceFilterState, nowMs: number): Query {
  const { from, to } = resolveRange(s, nowMs);
  return {
    userId: s.userId,
    sessionId: s.sessionId,
    tags: arrayParam(s.tags),
    environment: arrayParam(s.environment),
    release: s.release,
    version: s.version,
    fromTimestamp: from,
    toTimestamp: to,
  };
}

/** Its inputs; `children` (a page's own filters) go right after the time range. */
export function TraceFilterFields(props: {
  state: TraceFilterState;
  update: (patch: Partial<TraceFilterState>) => void;
  children?: ComponentChildren;
}) {
  const { state: s, update } = props;
  return (
    <>
      <RangeFilter value={s} onChange={(r) => update({ range: r.range, from: r.from, to: r.to })} />
      {props.children}
      <TextFilter label="User" value={s.userId} onCommit={(userId) => update({ userId })} />
      <TextFilter label="Session" value={s.sessionId} onCommit={(sessionId) => update({ sessionId })} />
      <TextFilter
        label="Tags"
        value={joinList(s.tags) || undefined}
        placeholder="all of: a, b"
        onCommit={(v) => update({ tags: splitList(v) })}
      />
      <TextFilter
        label="Environment"
        value={joinList(s.environment) || undefined}
        placeholder="any of: a, b"
        onCommit={(v) => update({ environment: splitList(v) })}
      />
      <TextFilter label="Release" value={s.release} onCommit={(release) => update({ release })} />
      <TextFilter label="Version" value={s.version} onCommit={(version) => update({ version })} />
    </>
  );
}
