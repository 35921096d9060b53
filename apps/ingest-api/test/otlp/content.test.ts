import { describe, expect, it } from 'vitest';
import { otlpEncoding } from '../../src/otlp/content.ts';

describe('otlpEncoding', () => {
  it.each([
    ['application/x-protobuf', 'protobuf'],
    ['application/protobuf', 'protobuf'],
    ['Application/X-Protobuf', 'protobuf'],
    ['application/json', 'json'],
    ['application/json; charset=utf-8', 'json'],
    ['application/json;charset=UTF-8', 'json'],
  ])('%s → %s', (type, encoding) => {
    expect(otlpEncoding(type)).toBe(encoding);
  });

  it.each([
    [undefined, /missing/],
    ['text/plain', /'text\/plain' is not supported/],
    ['application/jsonl', /not supported/],
    ['application/grpc', /not supported/],
  ])('%s is a 415', (type, message) => {
    expect(() => otlpEncoding(type)).toThrow(message);
    try {
      otlpEncoding(type);
    } catch (err) {
      expect(err).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', status: 415 });
    }
  });
});
