import { describe, expect, it } from 'vitest';
import { labelNameOfPath, unescapeLabelName } from '../../src/prometheus/label-name.ts';

describe("unescapeLabelName (Prometheus' value-encoding escape, as Grafana writes label names in paths)", () => {
  it.each([
    ['U__service_2e_name', 'service.name'],
    ['U__host_2e_name', 'host.name'],
    ['U__http__status_2e_code', 'http_status.code'],
    ['U___fc_n_ef_', 'ünï'],
    ['U___1f600_', '😀'],
    ['U__a_2E_b', 'a.b'],
    ['U__plain', 'plain'],
    ['U__', ''],
  ])('%s -> %s', (escaped, name) => {
    expect(unescapeLabelName(escaped)).toBe(name);
  });

  it.each([
    'job',
    'service.name',
    'U_single',
    'U__odd_',
    'U__unclosed_2e',
    'U__not_hex_',
    'U__long_10ffff_',
    'U__surrogate_d800_',
    'U__past_110000_',
  ])('%s stays as it is', (name) => {
    expect(unescapeLabelName(name)).toBe(name);
  });
});

describe('labelNameOfPath', () => {
  it('takes plain and dotted names, and any escaped name', () => {
    expect(labelNameOfPath('job')).toBe('job');
    expect(labelNameOfPath('service.name')).toBe('service.name');
    expect(labelNameOfPath('U__service_2e_name')).toBe('service.name');
    expect(labelNameOfPath('U__a_2d_b')).toBe('a-b');
  });

  it('refuses a name outside the plain form that is no escape', () => {
    expect(labelNameOfPath('in-valid')).toBeUndefined();
    expect(labelNameOfPath('1abc')).toBeUndefined();
    expect(labelNameOfPath('')).toBeUndefined();
    expect(labelNameOfPath('U__')).toBeUndefined();
    expect(labelNameOfPath('U__bad_zz_-x')).toBeUndefined();
  });
});
