import type { Observation, Score, Trace } from '../api/types.ts';
import { JsonView, KeyValues } from '../components/json-view.tsx';
import { formatCost, formatCount, formatDuration, formatTime } from '../lib/format.ts';
import { IoView } from './io-view.tsx';
import { ScoresTable } from './scores.tsx';

const hasKeys = (o: Record<string, unknown> | null | undefined): o is Record<string, unknown> =>
  !!o && Object.keys(o).length > 0;

/** Everything stored about one observation. */
export function ObservationDetail(props: { obs: Observation; scores: Score[] }) {
  const o = props.obs;
  const level = o.level && o.level !== 'DEFAULT' ? o.level : null;
  return (
    <article class="detail" aria-label="Selected observation">
      <header>
        <span class={`type type-${o.type.toLowerCase()}`}>{o.type}</span>
        <h2>{o.name || '(unnamed)'}</h2>
        {level && <span class={`level level-${level.toLowerCase()}`}>{level}</span>}
      </header>
      <dl class="facts">
        <dt>Id</dt>
        <dd class="mono">{o.id}</dd>
        {o.model && (
          <>
            <dt>Model</dt>
            <dd>{o.model}</dd>
          </>
        )}
        <dt>Start</dt>
        <dd>{formatTime(o.startTime, { ms: true })}</dd>
        <dt>Latency</dt>
        <dd>{o.endTime ? formatDuration(o.latency) : 'no end time'}</dd>
        <dt>Tokens</dt>
        <dd>
          {formatCount(o.usage.input)} in · {formatCount(o.usage.output)} out · {formatCount(o.usage.total)} total
        </dd>
        <dt>Cost</dt>
        <dd>{formatCost(o.totalCost)}</dd>
        {o.environment && o.environment !== 'default' && (
          <>
            <dt>Environment</dt>
            <dd>{o.environment}</dd>
          </>
        )}
      </dl>
      {o.statusMessage && (
        <p class={`status ${level ? `level-${level.toLowerCase()}` : ''}`}>
          <strong>Status:</strong> {o.statusMessage}
        </p>
      )}
      <IoView title="Input" value={o.input} />
      <IoView title="Output" value={o.output} />
      {hasKeys(o.modelParameters) && (
        <section>
          <h3>Model parameters</h3>
          <KeyValues value={o.modelParameters} />
        </section>
      )}
      {hasKeys(o.usageDetails) && (
        <section>
          <h3>Usage details</h3>
          <KeyValues value={o.usageDetails} format={(_, v) => formatCount(Number(v))} />
        </section>
      )}
      {hasKeys(o.costDetails) && (
        <section>
          <h3>Cost details</h3>
          <KeyValues value={o.costDetails} format={(_, v) => formatCost(Number(v))} />
        </section>
      )}
      <ScoresTable scores={props.scores} />
      {hasKeys(o.metadata) && (
        <section>
          <h3>Metadata</h3>
          <JsonView value={o.metadata} />
        </section>
      )}
    </article>
  );
}

/** The trace itself: its attributes, input and output, trace-level scores and metadata. */
export function TraceOverview(props: { trace: Trace; scores: Score[]; tokens: number }) {
  const t = props.trace;
  return (
    <article class="detail" aria-label="Trace">
      <header>
        <span class="type type-trace">TRACE</span>
        <h2>{t.name || '(unnamed)'}</h2>
      </header>
      <dl class="facts">
        <dt>Id</dt>
        <dd class="mono">{t.id}</dd>
        <dt>Time</dt>
        <dd>{formatTime(t.timestamp, { ms: true })}</dd>
        {t.userId && (
          <>
            <dt>User</dt>
            <dd>
              <a href={`/traces?userId=${encodeURIComponent(t.userId)}`}>{t.userId}</a>
            </dd>
          </>
        )}
        {t.sessionId && (
          <>
            <dt>Session</dt>
            <dd>
              <a href={`/sessions/${encodeURIComponent(t.sessionId)}`}>{t.sessionId}</a>
            </dd>
          </>
        )}
        <dt>Environment</dt>
        <dd>{t.environment}</dd>
        {t.release && (
          <>
            <dt>Release</dt>
            <dd>{t.release}</dd>
          </>
        )}
        {t.version && (
          <>
            <dt>Version</dt>
            <dd>{t.version}</dd>
          </>
        )}
        <dt>Latency</dt>
        <dd>{formatDuration(t.latency)}</dd>
        <dt>Tokens</dt>
        <dd>{formatCount(props.tokens)}</dd>
        <dt>Cost</dt>
        <dd>{formatCost(t.totalCost)}</dd>
        {t.tags.length > 0 && (
          <>
            <dt>Tags</dt>
            <dd>
              {t.tags.map((tag) => (
                <span key={tag} class="chip">
                  {tag}
                </span>
              ))}
            </dd>
          </>
        )}
      </dl>
      <IoView title="Input" value={t.input} />
      <IoView title="Output" value={t.output} />
      <ScoresTable scores={props.scores} />
      {hasKeys(t.metadata) && (
        <section>
          <h3>Metadata</h3>
          <JsonView value={t.metadata} />
        </section>
      )}
    </article>
  );
}
