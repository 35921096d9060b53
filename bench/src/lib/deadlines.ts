/**
 * The most jobs that can finish by their deadlines on one machine when all are ready at time 0 and
 * each needs `work[i]` of its time (Moore-Hodgson: take the jobs by deadline; whenever the work
 * taken so far passes the deadline of the one just taken, drop the largest taken). Optimal for
 * one machine with preemption, so it bounds any scheduler: applied to CPU time divided by the
 * number of cores (work spread perfectly over every core, which only overstates what a real
 * scheduler can do), it says how many queries sent at once can meet a deadline at best.
 */
export function mostWithinDeadlines(work: number[], deadline: number[]): number {
  const order = work.map((_, i) => i).sort((a, b) => deadline[a]! - deadline[b]!);
  const taken: number[] = [];
  let total = 0;
  for (const i of order) {
    taken.push(work[i]!);
    total += work[i]!;
    if (total > deadline[i]!) {
      let largest = 0;
      for (let k = 1; k < taken.length; k++) if (taken[k]! > taken[largest]!) largest = k;
      total -= taken[largest]!;
      taken.splice(largest, 1);
    }
  }
  return taken.length;
}
