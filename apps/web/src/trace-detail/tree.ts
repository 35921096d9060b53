/**
 * The observation tree of one trace, rebuilt from parentObservationId. Observations arrive in any
 * order; children are sorted by start time (then id). An observation whose parent is missing
 * (not sent yet, or dropped) is shown as a root and flagged, as is every member of a parent
 * cycle, so nothing the trace holds is ever hidden. Loops, not recursion: a chain of thousands of
 * nested spans must not overflow the stack.
 */
export type TreeInput = {
  id: string;
  parentObservationId: string | null;
  startTime: string;
  endTime: string | null;
  totalCost: number;
  usage: { input: number; output: number; total: number };
};

export type Rollup = { cost: number; input: number; output: number; total: number; count: number };

export type TreeNode<T extends TreeInput> = {
  obs: T;
  children: TreeNode<T>[];
  /** The parent named by the observation is not in the trace (or the parents form a cycle). */
  orphan: boolean;
  /** Sums over this node and everything below it. */
  rollup: Rollup;
};

export type Tree<T extends TreeInput> = { roots: TreeNode<T>[]; byId: Map<string, TreeNode<T>> };

const byStart = <T extends TreeInput>(a: TreeNode<T>, b: TreeNode<T>) =>
  a.obs.startTime < b.obs.startTime ? -1 : a.obs.startTime > b.obs.startTime ? 1 : a.obs.id < b.obs.id ? -1 : 1;

export function buildTree<T extends TreeInput>(observations: readonly T[]): Tree<T> {
  const byId = new Map<string, TreeNode<T>>();
  for (const obs of observations) {
    const u = obs.usage;
    byId.set(obs.id, {
      obs,
      children: [],
      orphan: false,
      rollup: { cost: obs.totalCost, input: u.input, output: u.output, total: u.total, count: 1 },
    });
  }
  const roots: TreeNode<T>[] = [];
  for (const node of byId.values()) {
    const parentId = node.obs.parentObservationId;
    const parent = parentId !== null && parentId !== node.obs.id ? byId.get(parentId) : undefined;
    if (parent) parent.children.push(node);
    else {
      node.orphan = parentId !== null;
      roots.push(node);
    }
  }
  // Nodes not reachable from a root hang off a parent cycle: each cycle is cut at its earliest member.
  const reached = new Set<TreeNode<T>>();
  const order = walk(roots, reached);
  for (const node of [...byId.values()].sort(byStart)) {
    if (reached.has(node)) continue;
    const cut = earliestOnCycle(node, byId);
    const parent = byId.get(cut.obs.parentObservationId!)!;
    parent.children.splice(parent.children.indexOf(cut), 1);
    cut.orphan = true;
    roots.push(cut);
    order.push(...walk([cut], reached));
  }
  for (const node of byId.values()) node.children.sort(byStart);
  roots.sort(byStart);
  // Children after parents in `order`: summing it backwards rolls every subtree up.
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i]!;
    for (const child of node.children) {
      node.rollup.cost += child.rollup.cost;
      node.rollup.input += child.rollup.input;
      node.rollup.output += child.rollup.output;
      node.rollup.total += child.rollup.total;
      node.rollup.count += child.rollup.count;
    }
  }
  return { roots, byId };
}

/** Follows parents from a node that no root reaches until one repeats: that loop is a cycle. */
function earliestOnCycle<T extends TreeInput>(from: TreeNode<T>, byId: Map<string, TreeNode<T>>): TreeNode<T> {
  const path: TreeNode<T>[] = [];
  let node = from;
  while (!path.includes(node)) {
    path.push(node);
    node = byId.get(node.obs.parentObservationId!)!;
  }
  return path.slice(path.indexOf(node)).sort(byStart)[0]!;
}

/** Pre-order walk (parents before children) marking what it reaches. */
function walk<T extends TreeInput>(from: TreeNode<T>[], reached: Set<TreeNode<T>>): TreeNode<T>[] {
  const out: TreeNode<T>[] = [];
  const stack = [...from].reverse();
  while (stack.length) {
    const node = stack.pop()!;
    if (reached.has(node)) continue;
    reached.add(node);
    out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

export type VisibleRow<T extends TreeInput> = {
  node: TreeNode<T>;
  depth: number;
  hasChildren: boolean;
  expanded: boolean;
};

/** The rows shown, in order: every node whose ancestors are all expanded (not in `collapsed`). */
export function visibleRows<T extends TreeInput>(
  roots: readonly TreeNode<T>[],
  collapsed: ReadonlySet<string>,
): VisibleRow<T>[] {
  const rows: VisibleRow<T>[] = [];
  const stack: [TreeNode<T>, number][] = [...roots].reverse().map((n) => [n, 0]);
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    const hasChildren = node.children.length > 0;
    const expanded = hasChildren && !collapsed.has(node.obs.id);
    rows.push({ node, depth, hasChildren, expanded });
    if (expanded) for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i]!, depth + 1]);
  }
  return rows;
}

/** Ids of the ancestors of `id`, nearest first (to expand the path to a deep-linked node). */
export function ancestorIds<T extends TreeInput>(tree: Tree<T>, id: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>([id]);
  let node = tree.byId.get(id);
  while (node && !node.orphan) {
    const parentId = node.obs.parentObservationId;
    if (parentId === null || seen.has(parentId)) break;
    seen.add(parentId);
    out.push(parentId);
    node = tree.byId.get(parentId);
  }
  return out;
}
