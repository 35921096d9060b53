import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { REMOTE_WRITE_HEADERS, remoteWriteBody } from '../support/prometheus/remote-write-client.ts';

// Regexes the service evaluates itself (label_replace, the matchers of the LLM metric names) have
// Go's RE2 semantics, as in Prometheus 2.42: RE2's syntax, classes and case folding, matched by
// code point. Each expectation is what Prometheus answers.
let app: TestApp;
const T = Date.UTC(2026, 8, 1);
const KELVIN_SIGN = '\u212a';
const VALUES = {
  ascii: 'kelvin',
  sign: `${KELVIN_SIGN}elvin`,
  nbsp: 'a\u00a0b',
  vt: 'a\u000bb',
  emoji: 'ünï😀',
};
beforeAll(async () => {
  app = await createTestApp('prom-regex');
  const body = remoteWriteBody(
    Object.entries(VALUES).map(([id, v]) => ({ labels: { __name__: 'rx_metric', id, v }, samples: [[T, 1]] })),
  );
  const res = await app.request('/prometheus/api/v1/write', { method: 'POST', body, headers: REMOTE_WRITE_HEADERS });
  expect(res.status).toBe(204);
});
afterAll(() => app?.close());

async function instant(query: string) {
  const res = await app.request(`/prometheus/api/v1/query?${new URLSearchParams({ query, time: String(T / 1000) })}`);
  const body = (await res.json()) as { data: { result: { metric: Record<string, string> }[] }; error?: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data.result.map((r) => r.metric);
}

/** The ids of the series whose `v` the regex matches (label_replace sets m="yes" on them). */
async function matching(regex: string): Promise<string[]> {
  const metrics = await instant(`label_replace(rx_metric, "m", "yes", "v", ${JSON.stringify(regex)})`);
  return metrics
    .filter((m) => m.m === 'yes')
    .map((m) => m.id!)
    .sort();
}

describe('label_replace matches with RE2', () => {
  it("reads RE2's syntax: Unicode classes, \\Q...\\E, \\x{...}, the (?U) flag", async () => {
    expect(await matching('\\pL+')).toEqual(['ascii', 'sign']);
    expect(await matching('\\Qkelvin\\E')).toEqual(['ascii']);
    expect(await matching('\\x{212a}.*')).toEqual(['sign']);
    expect(await matching('(?U)k.*')).toEqual(['ascii']);
  });

  it('folds case as RE2 does: (?i)k matches the Kelvin sign', async () => {
    expect(await matching('(?i)k.*')).toEqual(['ascii', 'sign']);
  });

  it("has RE2's \\s, [\\t\\n\\f\\r ]: neither a no-break space nor a vertical tab", async () => {
    expect(await matching('.*\\s.*')).toEqual([]);
    expect(await matching('\\S+')).toEqual(['ascii', 'emoji', 'nbsp', 'sign', 'vt']);
  });

  it('matches `.` on code points, never half of a surrogate pair', async () => {
    const w = async (regex: string) =>
      (await instant(`label_replace(rx_metric{id="emoji"}, "w", "$1", "v", ${JSON.stringify(regex)})`))[0]!.w;
    expect(await w('(.*).')).toBe('ünï');
    expect(await w('ünï(.)')).toBe('😀');
    expect(await w('(.)+')).toBe('😀');
  });

  it("expands the replacement as Go's ExpandString: a name runs on through letters and digits", async () => {
    const w = async (repl: string) =>
      (await instant(`label_replace(rx_metric{id="ascii"}, "w", ${JSON.stringify(repl)}, "v", "(?P<first>k)(.*)")`))[0]!
        .w;
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Go's template syntax, not JavaScript's
    expect(await w('[${1}x]')).toBe('[kx]');
    // `$1x` and `$1ü` name groups "1x" and "1ü", which do not exist.
    expect(await w('[$1x]')).toBe('[]');
    expect(await w('[$1ü]')).toBe('[]');
    expect(await w('[$first|$2]')).toBe('[k|elvin]');
  });
});

describe('the matchers the service evaluates', () => {
  it('tell a selector of empty matchers only, which Prometheus refuses, with RE2', async () => {
    // `\pL*` matches '' in RE2 (JavaScript without the u flag reads it as "p" then "L*").
    const res = await app.request(
      `/prometheus/api/v1/query?${new URLSearchParams({ query: '{v=~"\\\\pL*"}', time: String(T / 1000) })}`,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errorType: 'bad_data',
      error: 'invalid parameter "query": 1:1: parse error: vector selector must contain at least one non-empty matcher',
    });
  });
});
