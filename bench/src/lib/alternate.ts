/**
 * An A/B of services running side by side: each round sends the same request to every target in
 * turn, after `warmup` untimed rounds, reversing the order every other timed round so that neither
 * target always goes first (a page cache one warms for the other, the machine's load drifting
 * within a round). `round(k, timed)` makes round k's request (its parameters drawn once, so every
 * target answers the same question) and returns how to send it to one target, resolving to the
 * request's milliseconds. Returns each target's timed milliseconds, in order.
 */
export async function alternate<T>(
  targets: readonly T[],
  opts: { runs: number; warmup: number },
  round: (k: number, timed: boolean) => (target: T, index: number) => Promise<number>,
): Promise<number[][]> {
  const ms: number[][] = targets.map(() => []);
  for (let k = 0; k < opts.warmup; k++) {
    const send = round(k, false);
    for (const [i, t] of targets.entries()) await send(t, i);
  }
  for (let k = 0; k < opts.runs; k++) {
    const send = round(k, true);
    const order = targets.map((_, i) => i);
    if (k % 2 === 1) order.reverse();
    for (const i of order) ms[i]!.push(await send(targets[i]!, i));
  }
  return ms;
}
