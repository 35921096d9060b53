import { describe, expect, it } from 'vitest';
import { allIdForms, observationIdForms, traceIdForms } from '../src/otlp-ids.ts';

describe('OTLP id forms', () => {
  it('pairs a trace id of 32 hex digits with its UUID, and back', () => {
    expect(traceIdForms('B5E74C2759335C3CB278AEBD9233ACF2')).toEqual([
      'B5E74C2759335C3CB278AEBD9233ACF2',
      'b5e74c27-5933-5c3c-b278-aebd9233acf2',
    ]);
    expect(traceIdForms('b5e74c27-5933-5c3c-b278-aebd9233acf2')).toEqual([
      'b5e74c27-5933-5c3c-b278-aebd9233acf2',
      'b5e74c2759335c3cb278aebd9233acf2',
    ]);
  });

  it('pairs a span id of 16 hex digits with its zero-padded UUID, and back', () => {
    expect(observationIdForms('aaaabbbbccccdddd')).toEqual([
      'aaaabbbbccccdddd',
      '00000000-0000-0000-aaaa-bbbbccccdddd',
    ]);
    expect(observationIdForms('00000000-0000-0000-aaaa-bbbbccccdddd')).toEqual([
      '00000000-0000-0000-aaaa-bbbbccccdddd',
      'aaaabbbbccccdddd',
    ]);
  });

  it('leaves other ids alone', () => {
    expect(traceIdForms('trace-1')).toEqual(['trace-1']);
    expect(traceIdForms('b5e74c2759335c3cb278aebd9233acf')).toEqual(['b5e74c2759335c3cb278aebd9233acf']);
    expect(observationIdForms('b5e74c27-5933-5c3c-b278-aebd9233acf2')).toEqual([
      'b5e74c27-5933-5c3c-b278-aebd9233acf2',
    ]);
    expect(observationIdForms('aaaabbbbccccddd')).toEqual(['aaaabbbbccccddd']);
  });

  it('lists every form of several ids once', () => {
    expect(allIdForms(['aaaabbbbccccdddd', 'x', '00000000-0000-0000-aaaa-bbbbccccdddd'], observationIdForms)).toEqual([
      'aaaabbbbccccdddd',
      '00000000-0000-0000-aaaa-bbbbccccdddd',
      'x',
    ]);
  });
});
