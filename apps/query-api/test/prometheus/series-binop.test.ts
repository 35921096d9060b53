import { describe, expect, it } from 'vitest';
import type { BinaryOp, VectorMatching } from '../../src/prometheus/ast.ts';
import { seriesBinop, signatureFunction, vectorBinop } from '../../src/prometheus/engine/binary.ts';
import type { Labels, Matrix, Series, Vector } from '../../src/prometheus/engine/values.ts';

const STEPS = [0, 10, 20, 30, 40, 50];

/** The step-by-step answer (vectorBinop at each step, gathered into series by labels in first-seen order). */
function stepByStep(op: BinaryOp, lhs: Matrix, rhs: Matrix, m: VectorMatching, bool: boolean): Matrix {
  const sig = signatureFunction(m);
  const cache = new Map<string, Labels>();
  const out = new Map<string, Series>();
  for (const t of STEPS) {
    const at = (mx: Matrix): Vector =>
      mx.flatMap((s) => {
        const i = s.ts.indexOf(t);
        return i < 0 ? [] : [{ metric: s.metric, t, v: s.vs[i]! }];
      });
    const l = at(lhs);
    const r = at(rhs);
    const res = vectorBinop(
      op,
      l,
      r,
      m,
      bool,
      l.map((s) => sig(s.metric)),
      r.map((s) => sig(s.metric)),
      cache,
    );
    for (const s of res) {
      const key = JSON.stringify(Object.entries(s.metric).sort());
      let series = out.get(key);
      if (!series) {
        series = { metric: s.metric, ts: [], vs: [] };
        out.set(key, series);
      }
      series.ts.push(t);
      series.vs.push(s.v);
    }
  }
  return [...out.values()];
}

const series = (metric: Labels, points: [number, number][]): Series => ({
  metric,
  ts: points.map((p) => p[0]),
  vs: points.map((p) => p[1]),
});

const ignoring = (...labels: string[]): VectorMatching => ({ card: 'one-to-one', on: false, labels, include: [] });
const on = (...labels: string[]): VectorMatching => ({ card: 'one-to-one', on: true, labels, include: [] });

describe('one-to-one vector operations series by series', () => {
  // Errors over requests per host, with gaps on both sides and a host that starts late.
  const errors: Matrix = [
    series({ __name__: 'errors', host: 'b' }, [
      [20, 1],
      [30, 2],
      [40, 0],
    ]),
    series({ __name__: 'errors', host: 'a' }, [
      [0, 1],
      [10, 2],
      [30, 4],
      [50, 8],
    ]),
    series({ __name__: 'errors', host: 'c' }, [[0, 5]]),
  ];
  const requests: Matrix = [
    series({ __name__: 'requests', host: 'a' }, [
      [0, 10],
      [10, 0],
      [20, 10],
      [30, 40],
      [50, 0],
    ]),
    series({ __name__: 'requests', host: 'b' }, [
      [0, 7],
      [20, 4],
      [30, 8],
      [40, 0],
    ]),
  ];

  for (const [op, bool] of [
    ['/', false],
    ['-', false],
    ['>', false],
    ['>', true],
    ['==', true],
  ] as [BinaryOp, boolean][]) {
    it(`gives the step-by-step answer for ${op}${bool ? ' bool' : ''}, in the same series order`, () => {
      const m = ignoring();
      const got = seriesBinop(op, errors, requests, m, bool, signatureFunction(m), new Map());
      expect(got).toBeDefined();
      expect(got).toEqual(stepByStep(op, errors, requests, m, bool));
    });
  }

  it('gives the same answer with on() matching', () => {
    const m = on('host');
    expect(seriesBinop('*', errors, requests, m, false, signatureFunction(m), new Map())).toEqual(
      stepByStep('*', errors, requests, m, false),
    );
  });

  it('leaves to the step-by-step evaluation a signature held twice on a side (an error at the steps where both meet)', () => {
    const m = on('region');
    const lhs: Matrix = [series({ host: 'a', region: 'r' }, [[0, 1]]), series({ host: 'b', region: 'r' }, [[0, 2]])];
    const rhs: Matrix = [series({ region: 'r' }, [[0, 1]])];
    expect(seriesBinop('+', lhs, rhs, m, false, signatureFunction(m), new Map())).toBeUndefined();
    expect(() => stepByStep('+', lhs, rhs, m, false)).toThrow('multiple matches for labels');
    expect(seriesBinop('+', rhs, lhs, m, false, signatureFunction(m), new Map())).toBeUndefined();
    expect(() => stepByStep('+', rhs, lhs, m, false)).toThrow('found duplicate series for the match group');
  });
});
