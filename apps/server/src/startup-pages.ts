import { readFileSync } from 'node:fs';
import type { Logger } from 'pino';

/** Linux's `MADV_PAGEOUT` (5.4 and later): reclaim the range's pages now rather than under pressure. */
const MADV_PAGEOUT = 21;

/** One mapping of /proc/self/maps: its address range and file. */
type Mapping = { start: bigint; end: bigint; file: string };

/**
 * Gives back the pages of the process's code and read-only data that starting touched, so that
 * what the process holds afterwards is what it runs. Starting the embedded engine touches much of
 * its library (every function, format and setting registers itself), far more than a running
 * service runs again; those pages are clean copies of the file, so the kernel would reclaim them
 * under memory pressure anyway, but until then they count in the process's RSS and in its
 * container's memory. Pages a later call needs come back from the page cache (or the file) on
 * first touch (docs/decisions/0069-startup-pages-given-back.md).
 *
 * Contract: only file-backed mappings that are not writable (code, read-only data) are advised;
 * writable and anonymous memory is never touched. Never throws: where the call is not available
 * (not Linux, a kernel before 5.4, no prebuilt FFI binary for the platform) it logs why at debug
 * level and returns 0. Returns the bytes advised.
 */
export async function releaseStartupPages(logger: Logger): Promise<number> {
  if (process.platform !== 'linux') return 0;
  let madvise: (start: bigint, length: number, advice: number) => number;
  try {
    const koffi = (await import('koffi')).default;
    madvise = koffi.load('libc.so.6').func('int madvise(uintptr_t addr, size_t length, int advice)');
  } catch (err) {
    logger.debug({ err }, 'startup pages kept: madvise is not available');
    return 0;
  }
  let advised = 0;
  for (const m of readOnlyFileMappings(readFileSync('/proc/self/maps', 'utf8'))) {
    const length = Number(m.end - m.start);
    if (madvise(m.start, length, MADV_PAGEOUT) !== 0) {
      logger.debug({ file: m.file }, 'startup pages kept: the kernel refused MADV_PAGEOUT');
      return advised;
    }
    advised += length;
  }
  return advised;
}

/** The mappings of /proc/self/maps backed by a file and not writable. */
export function readOnlyFileMappings(maps: string): Mapping[] {
  const out: Mapping[] = [];
  for (const line of maps.split('\n')) {
    // address perms offset dev inode path; the path may hold spaces.
    const match = /^([0-9a-f]+)-([0-9a-f]+) (\S{4}) \S+ \S+ (\d+)\s+(\/.*)$/.exec(line);
    if (!match) continue;
    const [, start, end, perms, inode, file] = match as unknown as [string, string, string, string, string, string];
    if (perms[1] === 'w' || inode === '0' || file.endsWith(' (deleted)')) continue;
    out.push({ start: BigInt(`0x${start}`), end: BigInt(`0x${end}`), file });
  }
  return out;
}
