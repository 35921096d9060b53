import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Resident set size and its peak (VmHWM) of a process, in bytes (Linux /proc). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** User + system CPU seconds a process has used so far (/proc/pid/stat, clock ticks of 1/100 s). */
export function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Samples RSS every `ms` until stopped; returns the largest seen. */
export function rssSampler(pid: number, ms = 200): { stop: () => number; max: () => number } {
  let max = 0;
  const tick = () => {
    try {
      max = Math.max(max, memoryOf(pid).rss);
    } catch {
      // the process exited; keep what was seen
    }
  };
  tick();
  const timer = setInterval(tick, ms);
  return {
    max: () => max,
    stop: () => {
      clearInterval(timer);
      tick();
      return max;
    },
  };
}

/** 1-minute load average and core count, to print the conditions of a run. */
export function loadAverage(): number {
  return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
}

/** The process and every descendant of it, by pid (Linux /proc). */
export function processTree(root: number): number[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) for (const [pid, ppid] of parent) if (ppid === tree[i]) tree.push(pid);
  return tree;
}

export function rssOf(pid: number): { name: string; rss: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const name = cmd
      .map((a) => path.basename(a))
      .slice(0, 4)
      .join(' ');
    return { name, rss: Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) * 1024 };
  } catch {
    return { name: '?', rss: 0 };
  }
}

/** CPU seconds a process's threads have used so far, by thread name (digits dropped: pools sum up). */
export function cpuByThread(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // The JavaScript thread carries the process's own name; other node threads share it.
      const name = Number(tid) === pid ? 'main (JavaScript)' : comm.replace(/[\d:_-]+$/, '') || 'thread';
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(name, (out.get(name) ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // the thread ended
    }
  }
  return out;
}
