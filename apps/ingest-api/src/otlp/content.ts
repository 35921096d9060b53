import { badRequest } from '@spanhouse/http';

export type OtlpEncoding = 'protobuf' | 'json';

/**
 * The body's encoding from Content-Type: application/x-protobuf or application/protobuf, and
 * application/json, each with or without parameters (charset). Anything else is a 400.
 */
export function otlpEncoding(contentType: string | undefined): OtlpEncoding {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/x-protobuf' || type === 'application/protobuf') return 'protobuf';
  if (type === 'application/json') return 'json';
  throw badRequest(
    `Content-Type: ${contentType ? `'${contentType}' is not supported` : 'missing'}; ` +
      'send application/x-protobuf or application/json',
  );
}
