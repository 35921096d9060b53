import { ApiError } from '@spanhouse/http';

export type OtlpEncoding = 'protobuf' | 'json';

/**
 * The body's encoding from Content-Type: application/x-protobuf or application/protobuf, and
 * application/json, each with or without parameters (charset). Anything else, or none, is a 415
 * (UNSUPPORTED_MEDIA_TYPE), as HTTP and OpenTelemetry's Collector answer it.
 */
export function otlpEncoding(contentType: string | undefined): OtlpEncoding {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-protobuf' || type === 'application/protobuf') return 'protobuf';
  if (type === 'application/json') return 'json';
  throw new ApiError(
    'UNSUPPORTED_MEDIA_TYPE',
    `Content-Type: ${contentType ? `'${contentType}' is not supported` : 'missing'}; ` +
      'send application/x-protobuf or application/json',
  );
}
