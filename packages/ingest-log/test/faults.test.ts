import { execFileSync } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CORRUPT_DIR, LogWriteError, segmentName } from '../src/index.ts';
import { chunk, faultyFileLayer, openLog, readAll, removeDir, tempLogDir } from './helpers.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeDir(dir);
});
const newDir = () => {
  const dir = tempLogDir();
  dirs.push(dir);
  return dir;
};
const segments = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.startsWith('segment-'))
    .sort();

/** A log with `n` records ("r1".."rn") written and closed. */
async function written(dir: string, n: number, segmentBytes = 64 * 1024) {
  const log = await openLog(dir, { segmentBytes });
  for (let i = 1; i <= n; i++) await log.append([chunk('t', `r${i}\n`)]);
  await log.close();
}

describe('recovery and disk failures', () => {
  it('cuts off a torn record at the tail and keeps every whole one', async () => {
    const dir = newDir();
    await written(dir, 5);
    const file = path.join(dir, segments(dir).at(-1)!);
    const whole = statSync(file).size;
    // A crash in the middle of writing a sixth record: its first 20 bytes reached the disk.
    const log6 = await openLog(newDir());
    await log6.append([chunk('t', 'r6 is a longer record than the others\n')]);
    await log6.close();
    const sixth = readFileSync(path.join(dirs.at(-1)!, segments(dirs.at(-1)!)[0]!));
    appendFileSync(file, sixth.subarray(0, 20));

    const log = await openLog(dir);
    expect(log.recovery.tornTails).toBe(1);
    expect(log.recovery.corruptSegments).toBe(0);
    expect(statSync(file).size).toBe(whole);
    expect((await readAll(log, 0)).map((r) => r.text)).toEqual(['t:r1\n', 't:r2\n', 't:r3\n', 't:r4\n', 't:r5\n']);
    await log.close();
  });

  it('a crash leaves the zeroed room of the segment written to: recovery keeps every record and reports nothing torn', async () => {
    const live = newDir();
    const log = await openLog(live, { segmentBytes: 64 * 1024 });
    for (let i = 1; i <= 5; i++) await log.append([chunk('t', `r${i}\n`)]);
    // What the disk holds if the process dies now: the log's files as they are, the log still open.
    const dir = newDir();
    execFileSync('cp', ['-a', `${live}/.`, dir]);
    await log.close();
    const file = path.join(dir, segments(dir).at(-1)!);
    expect(statSync(file).size).toBe(64 * 1024);

    const reopened = await openLog(dir);
    expect(reopened.recovery.tornTails).toBe(0);
    expect(reopened.recovery.corruptSegments).toBe(0);
    expect((await readAll(reopened, 0)).map((r) => r.text)).toEqual(['t:r1\n', 't:r2\n', 't:r3\n', 't:r4\n', 't:r5\n']);
    expect(statSync(file).size).toBeLessThan(1024);
    expect(await reopened.append([chunk('t', 'r6\n')])).toBe(6);
    await reopened.close();
  });

  it('cuts off a record torn inside the zeroed room and keeps every whole one before it', async () => {
    const live = newDir();
    const log = await openLog(live, { segmentBytes: 64 * 1024 });
    for (let i = 1; i <= 3; i++) await log.append([chunk('t', `r${i}\n`)]);
    const dir = newDir();
    execFileSync('cp', ['-a', `${live}/.`, dir]);
    await log.close();
    // The first 20 bytes of a fourth record reached the disk, over the zeros, before the crash.
    const file = path.join(dir, segments(dir).at(-1)!);
    const bytes = readFileSync(file);
    const end =
      bytes.length -
      Buffer.from(bytes)
        .reverse()
        .findIndex((b) => b !== 0);
    bytes.copy(bytes, end, 0, 20);
    writeFileSync(file, bytes);

    const reopened = await openLog(dir);
    expect(reopened.recovery.tornTails).toBe(1);
    expect((await readAll(reopened, 0)).map((r) => r.text)).toEqual(['t:r1\n', 't:r2\n', 't:r3\n']);
    await reopened.close();
  });

  it('moves a segment with a damaged record inside aside, keeps the records around it, and still opens', async () => {
    const dir = newDir();
    await written(dir, 5);
    const file = path.join(dir, segments(dir)[0]!);
    const bytes = readFileSync(file);
    // Damage the third record's data (each record here is the same size).
    const recordBytes = bytes.length / 5;
    bytes[2 * recordBytes + recordBytes - 2]! ^= 0xff;
    writeFileSync(file, bytes);

    const log = await openLog(dir);
    expect(log.recovery.corruptSegments).toBe(1);
    expect((await readAll(log, 0)).map((r) => r.text)).toEqual(['t:r1\n', 't:r2\n', 't:r4\n', 't:r5\n']);
    const aside = readdirSync(path.join(dir, CORRUPT_DIR));
    expect(aside).toHaveLength(1);
    expect(aside[0]!.startsWith(segmentName(1))).toBe(true);
    // Appends go on after recovery.
    expect(await log.append([chunk('t', 'r6\n')])).toBe(6);
    await log.close();
  });

  it('on ENOSPC fails only that request, never writes the segment again, and loses nothing acknowledged', async () => {
    const dir = newDir();
    let full = false;
    const fs = faultyFileLayer({ writev: () => (full ? { shortBy: 7 } : undefined) });
    const log = await openLog(dir, { fs });
    await log.append([chunk('t', 'before 1\n')]);
    await log.append([chunk('t', 'before 2\n')]);
    full = true;
    const refused = await log.append([chunk('t', 'during\n')]).catch((e) => e);
    expect(refused).toBeInstanceOf(LogWriteError);
    expect(refused.code).toBe('EIO');
    full = false;
    await log.append([chunk('t', 'after\n')]);
    // The segment the failed write went to was given up: the next record started a new one.
    expect(segments(dir)).toHaveLength(2);
    expect((await readAll(log, 0)).map((r) => r.text)).toEqual(['t:before 1\n', 't:before 2\n', 't:after\n']);
    await log.close();
    const reopened = await openLog(dir);
    expect((await readAll(reopened, 0)).map((r) => r.text)).toEqual(['t:before 1\n', 't:before 2\n', 't:after\n']);
    await reopened.close();
  });

  it('reports the errno of a write refused outright (ENOSPC)', async () => {
    const dir = newDir();
    const fs = faultyFileLayer({ writev: () => ({ fail: 'ENOSPC' }) });
    const log = await openLog(dir, { fs });
    const refused = await log.append([chunk('t', 'x\n')]).catch((e) => e);
    expect(refused).toBeInstanceOf(LogWriteError);
    expect(refused.code).toBe('ENOSPC');
    await log.close();
  });

  it('after a failed fdatasync, answers that request with an error and never trusts that file again', async () => {
    const dir = newDir();
    let failSync = false;
    const fs = faultyFileLayer({ datasync: () => (failSync ? { fail: 'EIO' } : undefined) });
    const log = await openLog(dir, { fs });
    const first = await log.append([chunk('t', 'acknowledged\n')]);
    failSync = true;
    await expect(log.append([chunk('t', 'not durable\n')])).rejects.toBeInstanceOf(LogWriteError);
    failSync = false;
    await log.append([chunk('t', 'later\n')]);
    expect(segments(dir)).toHaveLength(2);
    // The first segment ends at its last acknowledged record: the failed group was cut off.
    const read = await readAll(log, 0);
    expect(read.map((r) => r.text)).toEqual(['t:acknowledged\n', 't:later\n']);
    expect(read[0]!.lsn).toBe(first);
    await log.close();
  });

  it('fails an append whose new segment cannot be made durable in its directory', async () => {
    const dir = newDir();
    let failDir = false;
    const fs = faultyFileLayer({ syncDir: () => (failDir ? { fail: 'EIO' } : undefined) });
    const log = await openLog(dir, { fs, segmentBytes: 1 });
    await log.append([chunk('t', 'one\n')]);
    failDir = true;
    await expect(log.append([chunk('t', 'two\n')])).rejects.toBeInstanceOf(LogWriteError);
    failDir = false;
    await log.append([chunk('t', 'three\n')]);
    expect((await readAll(log, 0)).map((r) => r.text)).toEqual(['t:one\n', 't:three\n']);
    await log.close();
  });

  it('refuses a directory another process holds, with a message naming the process', async () => {
    const dir = newDir();
    const log = await openLog(dir);
    const script = `
      import { WriteAheadLog } from ${JSON.stringify(path.resolve('src/index.ts'))};
      try { await WriteAheadLog.open({ dir: ${JSON.stringify(dir)}, segmentBytes: 4096, maxBytes: 1 << 20 }); console.log('opened'); }
      catch (err) { console.log(err.name + ': ' + err.message); }`;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]).toString();
    expect(out).toContain('LogLockedError');
    expect(out).toContain(`process ${process.pid}`);
    await log.close();
    // Released on close: the same child now opens it.
    expect(
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]).toString(),
    ).toContain('opened');
  });
});
