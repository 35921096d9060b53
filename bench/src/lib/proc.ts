import { readFileSync } from 'node:fs';

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
