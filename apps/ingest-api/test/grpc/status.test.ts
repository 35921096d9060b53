import { status } from '@grpc/grpc-js';
import { ApiError } from '@spanhouse/http';
import { LogClosedError, LogFullError } from '@spanhouse/ingest-log';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { grpcStatusOf } from '../../src/grpc/status.ts';
import { retryInfoStatus } from '../../src/grpc/status-details.ts';

/** google.rpc.Status with RetryInfo, declared here independently of the encoder under test. */
const rpc = protobuf.Root.fromJSON({
  nested: {
    Status: {
      fields: {
        code: { type: 'int32', id: 1 },
        message: { type: 'string', id: 2 },
        details: { rule: 'repeated', type: 'Any', id: 3 },
      },
    },
    Any: { fields: { type_url: { type: 'string', id: 1 }, value: { type: 'bytes', id: 2 } } },
    RetryInfo: { fields: { retry_delay: { type: 'Duration', id: 1 } } },
    Duration: { fields: { seconds: { type: 'int64', id: 1 }, nanos: { type: 'int32', id: 2 } } },
  },
});

function decode(bytes: Buffer) {
  const s = rpc.lookupType('Status').toObject(rpc.lookupType('Status').decode(bytes), { longs: Number }) as {
    code: number;
    message: string;
    details: { type_url: string; value: Uint8Array }[];
  };
  const retry = rpc.lookupType('RetryInfo').toObject(rpc.lookupType('RetryInfo').decode(s.details[0]!.value), {
    longs: Number,
  });
  return { code: s.code, message: s.message, typeUrl: s.details[0]!.type_url, retry };
}

describe('retryInfoStatus', () => {
  it('is a google.rpc.Status whose one detail is a RetryInfo with the delay', () => {
    expect(decode(retryInfoStatus(8, 'slow down', 1500))).toEqual({
      code: 8,
      message: 'slow down',
      typeUrl: 'type.googleapis.com/google.rpc.RetryInfo',
      retry: { retry_delay: { seconds: 1, nanos: 500_000_000 } },
    });
  });
});

describe('grpcStatusOf', () => {
  const of = (err: unknown) => {
    const seen: unknown[] = [];
    const s = grpcStatusOf(err, (e) => seen.push(e));
    const [details] = s.metadata.get('grpc-status-details-bin');
    return { code: s.code, details: s.details, retry: details ? decode(details as Buffer).retry : undefined, seen };
  };

  it('our error codes as the OTLP retry rules read them', () => {
    expect(of(new ApiError('BAD_REQUEST', 'x'))).toMatchObject({ code: status.INVALID_ARGUMENT, retry: undefined });
    expect(of(new ApiError('UNAUTHORIZED', 'x'))).toMatchObject({ code: status.UNAUTHENTICATED, retry: undefined });
    expect(of(new ApiError('PAYLOAD_TOO_LARGE', 'x'))).toMatchObject({
      code: status.RESOURCE_EXHAUSTED,
      retry: undefined,
    });
    expect(of(new ApiError('TOO_MANY_REQUESTS', 'busy', 1))).toMatchObject({
      code: status.UNAVAILABLE,
      details: 'busy',
      retry: { retry_delay: { seconds: 1 } },
    });
    expect(of(new ApiError('SERVICE_UNAVAILABLE', 'x', 5))).toMatchObject({
      code: status.UNAVAILABLE,
      retry: { retry_delay: { seconds: 5 } },
    });
  });

  it('the log refusing: UNAVAILABLE with RetryInfo, a full log too (HTTP says 429 for it)', () => {
    expect(of(new LogFullError(2048, 1024))).toMatchObject({
      code: status.UNAVAILABLE,
      retry: { retry_delay: { seconds: 5 } },
    });
    expect(of(new LogClosedError())).toMatchObject({
      code: status.UNAVAILABLE,
      details: 'shutting down; retry against another instance',
    });
  });

  it('anything else: INTERNAL without internals, and told to the caller to log', () => {
    const bug = new TypeError('x is undefined');
    expect(of(bug)).toEqual({
      code: status.INTERNAL,
      details: 'internal error; see the server log',
      retry: undefined,
      seen: [bug],
    });
  });
});
