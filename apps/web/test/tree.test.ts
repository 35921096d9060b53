import { describe, expect, it } from 'vitest';
import { ancestorIds, buildTree, type TreeInput, visibleRows } from '../src/trace-detail/tree.ts';

/** An observation starting `at` ms after 10:00:00, with tokens and cost. */
function obs(id: string, parent: string | null, at: number, tokens = 0, cost = 0): TreeInput {
  const start = new Date(Date.parse('2026-03-01T10:00:00Z') + at).toISOString();
  return {
    id,
    parentObservationId: parent,
    startTime: start,
    endTime: start,
    totalCost: cost,
    usage: { input: tokens, output: 0, total: tokens },
  };
}

const ids = (rows: { node: { obs: { id: string } }; depth: number }[]) =>
  rows.map((r) => `${r.depth}:${r.node.obs.id}`);

describe('buildTree', () => {
  it('nests by parentObservationId and orders siblings by start time, whatever the input order', () => {
    const tree = buildTree([
      obs('c2', 'root', 30),
      obs('g1', 'c1', 15),
      obs('root', null, 0),
      obs('c1', 'root', 10),
      obs('other-root', null, 5),
    ]);
    expect(ids(visibleRows(tree.roots, new Set()))).toEqual(['0:root', '1:c1', '2:g1', '1:c2', '0:other-root']);
    expect(tree.roots.every((r) => !r.orphan)).toBe(true);
  });

  it('rolls tokens, cost and counts up every subtree', () => {
    const tree = buildTree([
      obs('root', null, 0),
      obs('a', 'root', 1, 100, 0.01),
      obs('b', 'a', 2, 50, 0.002),
      obs('c', 'root', 3, 10, 0.0005),
    ]);
    const root = tree.byId.get('root')!.rollup;
    expect(root).toEqual({ cost: expect.closeTo(0.0125, 12), input: 160, output: 0, total: 160, count: 4 });
    expect(tree.byId.get('a')!.rollup).toMatchObject({ total: 150, count: 2 });
    expect(tree.byId.get('c')!.rollup).toMatchObject({ total: 10, count: 1 });
  });

  it('shows an observation whose parent is missing as a flagged root', () => {
    const tree = buildTree([obs('root', null, 0), obs('lost', 'not-sent', 5), obs('child', 'lost', 6)]);
    expect(ids(visibleRows(tree.roots, new Set()))).toEqual(['0:root', '0:lost', '1:child']);
    expect(tree.byId.get('lost')!.orphan).toBe(true);
  });

  it('cuts a parent cycle at its earliest member instead of hiding it', () => {
    const tree = buildTree([obs('a', 'b', 10), obs('b', 'a', 5), obs('self', 'self', 1), obs('x', 'a', 20)]);
    const rows = ids(visibleRows(tree.roots, new Set()));
    expect(rows).toEqual(['0:self', '0:b', '1:a', '2:x']);
    expect(tree.byId.get('b')!.orphan).toBe(true);
    expect(tree.byId.get('x')!.orphan).toBe(false);
  });

  it('handles a chain of 20,000 nested observations without recursion', () => {
    const chain = Array.from({ length: 20_000 }, (_, i) => obs(`o${i}`, i ? `o${i - 1}` : null, i, 1));
    const tree = buildTree(chain);
    expect(tree.byId.get('o0')!.rollup.total).toBe(20_000);
    expect(visibleRows(tree.roots, new Set())).toHaveLength(20_000);
    expect(ancestorIds(tree, 'o19999')).toHaveLength(19_999);
  });
});

describe('visibleRows', () => {
  const tree = buildTree([obs('root', null, 0), obs('a', 'root', 1), obs('b', 'a', 2), obs('c', 'root', 3)]);

  it('hides the descendants of collapsed nodes and says which rows can expand', () => {
    const rows = visibleRows(tree.roots, new Set(['a']));
    expect(ids(rows)).toEqual(['0:root', '1:a', '1:c']);
    expect(rows.map((r) => [r.hasChildren, r.expanded])).toEqual([
      [true, true],
      [true, false],
      [false, false],
    ]);
    expect(ids(visibleRows(tree.roots, new Set(['root'])))).toEqual(['0:root']);
  });

  it('ancestorIds lists the path to a node, nearest first', () => {
    expect(ancestorIds(tree, 'b')).toEqual(['a', 'root']);
    expect(ancestorIds(tree, 'root')).toEqual([]);
  });
});
