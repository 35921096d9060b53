import protobuf from 'protobufjs';

/** Where gRPC carries a google.rpc.Status with details: a binary trailer (the gRPC richer error model). */
export const STATUS_DETAILS_KEY = 'grpc-status-details-bin';
const RETRY_INFO_TYPE = 'type.googleapis.com/google.rpc.RetryInfo';

/**
 * A google.rpc.Status (code 1, message 2, details 3: Any) whose one detail is a google.rpc.RetryInfo
 * (retry_delay 1: google.protobuf.Duration, seconds 1 and nanos 2): how a gRPC server tells an OTLP
 * exporter that a refusal is worth retrying and after how long. Encoded with protobufjs's writer,
 * field by field, rather than from vendored google/rpc .proto files for three small messages.
 */
export function retryInfoStatus(code: number, message: string, retryAfterMs: number): Buffer {
  const seconds = Math.floor(retryAfterMs / 1000);
  const nanos = Math.round((retryAfterMs - seconds * 1000) * 1e6);
  const duration = protobuf.Writer.create();
  if (seconds) duration.uint32(0x08).int64(seconds);
  if (nanos) duration.uint32(0x10).int32(nanos);
  const retryInfo = protobuf.Writer.create().uint32(0x0a).bytes(duration.finish()).finish();
  const any = protobuf.Writer.create().uint32(0x0a).string(RETRY_INFO_TYPE).uint32(0x12).bytes(retryInfo).finish();
  const status = protobuf.Writer.create().uint32(0x08).int32(code).uint32(0x12).string(message);
  return Buffer.from(status.uint32(0x1a).bytes(any).finish());
}
