import { TABLES } from '@spanhouse/store';
import { describe, expect, it } from 'vitest';
import { chunkWithProject } from '../../src/log-sink/chunks-before-projects.ts';

const chunk = (table: string, columns: string[], text: string) => ({
  table,
  columns,
  rows: text.split('\n').filter(Boolean).length,
  data: Buffer.from(text),
});

describe('chunkWithProject', () => {
  it('sends a chunk written before projects to the new table, the default project first on every line', () => {
    const old = chunk(
      'metric_samples',
      ['name', 'series_id', 'ts', 'value'],
      'cpu\t1\t1.000000\t2\nmem\t2\t1.000000\t3\n',
    );
    const now = chunkWithProject(old);
    expect(now.table).toBe(TABLES.metricSamples);
    expect(now.columns).toEqual(['project_id', 'name', 'series_id', 'ts', 'value']);
    expect(Buffer.from(now.data).toString()).toBe('spanhouse\tcpu\t1\t1.000000\t2\nspanhouse\tmem\t2\t1.000000\t3\n');
    expect(now.rows).toBe(2);
  });

  it('keeps a last line without its newline whole', () => {
    const now = chunkWithProject(chunk('traces', ['id'], 'a\nb'));
    expect(Buffer.from(now.data).toString()).toBe('spanhouse\ta\nspanhouse\tb');
    expect(now.table).toBe(TABLES.traces);
  });

  it('leaves a current chunk as it is', () => {
    const current = chunk(TABLES.traces, ['project_id', 'id'], 'p1\ta\n');
    expect(chunkWithProject(current)).toBe(current);
    for (const table of [
      'traces',
      'scores',
      'observation_pieces',
      'observation_traces',
      'metric_series',
      'metric_nonfinite_samples',
    ]) {
      expect(chunkWithProject(chunk(table, ['id'], 'x\n')).table).toBe(`${table}_v2`);
    }
  });
});
