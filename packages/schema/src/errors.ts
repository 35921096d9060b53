import * as v from 'valibot';

/** The closed set of error codes (docs/api.md, Errors) and the HTTP status each one maps to. */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ErrorCodeSchema = v.picklist(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

/** Every error the service answers has exactly this body. */
export const ErrorBody = v.strictObject({
  message: v.string(),
  code: ErrorCodeSchema,
  data: v.null(),
});
export type ErrorBody = v.InferOutput<typeof ErrorBody>;
