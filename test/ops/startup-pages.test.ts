import { readOnlyFileMappings, releaseStartupPages } from '@spanhouse/server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { residentKiB } from '../support/process-memory.ts';

// The all-in-one service gives back the pages of the engine's library that starting touched
// (apps/server/src/startup-pages.ts); `pnpm start`'s test checks the same on the real process.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('startup-pages');
});
afterAll(() => t?.close());

describe('readOnlyFileMappings', () => {
  it('keeps code and read-only data of files, never writable, anonymous or deleted mappings', () => {
    const maps = [
      '7f0000000000-7f0000001000 r--p 00000000 fe:01 1234    /usr/lib/libchdb.so',
      '7f0000001000-7f0000005000 r-xp 00001000 fe:01 1234    /usr/lib/libchdb.so',
      '7f0000005000-7f0000006000 rw-p 00005000 fe:01 1234    /usr/lib/libchdb.so',
      '7f0000006000-7f0000007000 rw-p 00000000 00:00 0 ',
      '55d000000000-55d000100000 rw-p 00000000 00:00 0                          [heap]',
      '7f0000008000-7f0000009000 r--s 00000000 00:05 77    /dev/zero (deleted)',
      '7f000000a000-7f000000b000 r--p 00000000 fe:01 99    /opt/my app/lib one.so',
      '7ffd00000000-7ffd00001000 r-xp 00000000 00:00 0                          [vdso]',
    ].join('\n');
    expect(readOnlyFileMappings(maps).map((m) => [m.start.toString(16), m.end.toString(16), m.file])).toEqual([
      ['7f0000000000', '7f0000001000', '/usr/lib/libchdb.so'],
      ['7f0000001000', '7f0000005000', '/usr/lib/libchdb.so'],
      ['7f000000a000', '7f000000b000', '/opt/my app/lib one.so'],
    ]);
  });
});

describe('releaseStartupPages', () => {
  it("gives back most of the engine library's resident pages, and the engine still answers", async () => {
    const before = residentKiB('self', '/libchdb.so');
    // Starting the engine touched a large part of its library.
    expect(before).toBeGreaterThan(50 * 1024);
    const advised = await releaseStartupPages(pino({ level: 'silent' }));
    expect(advised).toBeGreaterThan(before * 1024);
    expect(residentKiB('self', '/libchdb.so')).toBeLessThan(before / 2);

    const res = await t.get('/api/public/traces');
    expect(res.status).toBe(200);
    expect(res.body.meta.totalItems).toBe(0);
  });
});
