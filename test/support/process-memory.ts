import { readFileSync } from 'node:fs';

/** KiB of a process's resident memory in the mappings of files whose path ends with `file` (Linux smaps). */
export function residentKiB(pid: number | 'self', file: string): number {
  let total = 0;
  let inFile = false;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) inFile = line.trimEnd().endsWith(file);
    else if (inFile && line.startsWith('Rss:')) total += Number(line.split(/\s+/)[1]);
  }
  return total;
}
