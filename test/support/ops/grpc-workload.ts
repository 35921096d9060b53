import { setTimeout as sleep } from 'node:timers/promises';
import { Metadata, status } from '@grpc/grpc-js';
import { exportBytes, retryDelayMs } from '../grpc.ts';
import { protobufExport } from '../otlp-request.ts';
import { TOKEN } from '../service-process.ts';
import { build, type Ledger } from './workload.ts';

const metadata = () => {
  const m = new Metadata();
  m.set('authorization', `Bearer ${TOKEN}`);
  return m;
};

/** One OTLP trace export over gRPC on a fresh connection: `OK` or the status code's name. */
export async function grpcExport(address: string, bytes: Uint8Array): Promise<{ status: string; retryInfo: boolean }> {
  const { error } = await exportBytes(address, 'traces', bytes, metadata());
  if (!error) return { status: 'OK', retryInfo: false };
  return { status: status[error.code] ?? String(error.code), retryInfo: retryDelayMs(error) !== undefined };
}

/**
 * The ledger's OTLP traces sent over gRPC (protobuf) by `concurrency` workers until `until()`, as
 * `drive` sends its HTTP kinds: statuses counted as `grpc-<code name>`, OK acknowledged, a
 * RESOURCE_EXHAUSTED without RetryInfo or any INTERNAL/UNKNOWN recorded as a violation.
 */
export async function driveGrpc(opts: {
  address: string;
  ledger: Ledger;
  concurrency: number;
  until: () => boolean;
}): Promise<void> {
  const worker = async () => {
    while (!opts.until()) {
      const req = build('otlp', opts.ledger);
      req.send();
      const { status: code, retryInfo } = await grpcExport(opts.address, protobufExport(req.body));
      if (code === 'OK') req.ack();
      if (code === 'RESOURCE_EXHAUSTED' && !retryInfo)
        opts.ledger.violations.push('RESOURCE_EXHAUSTED without RetryInfo');
      if (code === 'INTERNAL' || code === 'UNKNOWN') opts.ledger.violations.push(`${code} over gRPC`);
      opts.ledger.count(`grpc-${code}`);
      if (code !== 'OK') await sleep(20);
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
}
