import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import type { Observation, Score, Trace } from '../api/types.ts';
import { JsonView, KeyValues } from '../components/json-view.tsx';
import { formatCost, formatCount, formatDuration, formatTime } from '../lib/format.ts';
import { useProjectHref } from '../lib/project-url.ts';
import { sessionHref } from '../sessions/session-list-page.tsx';
import { InputOutput } from './io-view.tsx';
import { ScoresTable } from './scores.tsx';

const hasKeys = (o: Record<string, unknown> | null | undefined): o is Record<string, unknown> =>
  !!o && Object.keys(o).length > 0;

/** One line of the facts list; left out when there is nothing to say. */
function Fact(props: { label: string; children: ComponentChildren }) {
  const c = props.children;
  if (c === null || c === undefined || c === false || c === '') return null;
  return (
    <>
      <dt>{props.label}</dt>
      <dd>{c}</dd>
    </>
  );
}

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
        <Fact label="Id">
          <span class="mono">{o.id}</span>
        </Fact>
        <Fact label="Model">{o.model}</Fact>
        <Fact label="Start">{formatTime(o.startTime, { ms: true })}</Fact>
        <Fact label="Latency">{o.latency !== null ? formatDuration(o.latency) : 'no end time'}</Fact>
        <Fact label="Tokens">
          {formatCount(o.usage.input)} in · {formatCount(o.usage.output)} out · {formatCount(o.usage.total)} total
        </Fact>
        <Fact label="Cost">{formatCost(o.totalCost)}</Fact>
        <Fact label="Environment">{o.environment !== 'default' && o.environment}</Fact>
      </dl>
      {o.statusMessage && (
        <p class={`status ${level ? `level-${level.toLowerCase()}` : ''}`}>
          <strong>Status:</strong> {o.statusMessage}
        </p>
      )}
      <InputOutput input={o.input} output={o.output} />
      {hasKeys(o.modelParameters) && (
        <section aria-label="Model parameters">
          <h3>Model parameters</h3>
          <KeyValues value={o.modelParameters} />
        </section>
      )}
      {hasKeys(o.usageDetails) && (
        <section aria-label="Usage details">
          <h3>Usage details</h3>
          <KeyValues value={o.usageDetails} format={(_, v) => formatCount(Number(v))} />
        </section>
      )}
      {hasKeys(o.costDetails) && (
        <section aria-label="Cost details">
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
  const link = useProjectHref();
  // The search that led to this trace goes on to its session, which marks the same terms.
  const search = useLocation()?.query?.search;
  return (
    <article class="detail" aria-label="Trace">
      <header>
        <span class="type type-trace">TRACE</span>
        <h2>{t.name || '(unnamed)'}</h2>
      </header>
      <dl class="facts">
        <Fact label="Id">
          <span class="mono">{t.id}</span>
        </Fact>
        <Fact label="Time">{formatTime(t.timestamp, { ms: true })}</Fact>
        <Fact label="User">
          {t.userId && <a href={link(`/traces?userId=${encodeURIComponent(t.userId)}`)}>{t.userId}</a>}
        </Fact>
        <Fact label="Session">{t.sessionId && <a href={link(sessionHref(t.sessionId, search))}>{t.sessionId}</a>}</Fact>
        <Fact label="Environment">{t.environment}</Fact>
        <Fact label="Release">{t.release}</Fact>
        <Fact label="Version">{t.version}</Fact>
        <Fact label="Latency">{formatDuration(t.latency)}</Fact>
        <Fact label="Tokens">{formatCount(props.tokens)}</Fact>
        <Fact label="Cost">{formatCost(t.totalCost)}</Fact>
        <Fact label="Tags">
          {t.tags.length > 0 &&
            t.tags.map((tag) => (
              <span key={tag} class="chip">
                {tag}
              </span>
            ))}
        </Fact>
      </dl>
      <InputOutput input={t.input} output={t.output} />
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
