export { Admission, type AdmissionOptions, AdmissionTicket, admissionTicket, admit } from './admission.ts';
export {
  type Authenticate,
  type AuthRefusal,
  auth,
  type Credentials,
  PROJECT_HEADER,
  type Principal,
  principalOf,
  projectOf,
  requireAdmin,
  safeEqual,
} from './auth.ts';
export { type BaseEnv, createBaseApp } from './base-app.ts';
export { COMPRESS_MIN_BYTES, compressJson } from './compress-json.ts';
export { resolveCredentials } from './credentials.ts';
export {
  ApiError,
  badRequest,
  ENGINE_RETRY_AFTER_S,
  type ExplainError,
  engineUnreachable,
  errorBody,
  idInMessage,
  notFound,
  notFoundError,
  onError,
  sendError,
} from './errors.ts';
export { gunzipLimited } from './inflate.ts';
export { jsonDepth, jsonItems, MAX_JSON_DEPTH, MAX_JSON_ITEMS } from './json-scan.ts';
export { lingerOnUnreadBody } from './linger.ts';
export { createLogger, type LogVariables, requestLogger } from './logging.ts';
export {
  describedEndpoints,
  describeEndpoints,
  documentGaps,
  type Endpoint,
  mountRoutes,
  openApiDocument,
  openApiPath,
} from './openapi.ts';
export { type ReadinessCheck, registerOpsRoutes } from './ops-routes.ts';
export { type BodyLimits, bodyText, ClientAbortError, holdInflated, readBody, readRawBody } from './read-body.ts';
export {
  createServiceMetrics,
  requestMetrics,
  routeLabel,
  type ServiceMetrics,
} from './self-metrics.ts';
export { keepConnectionsLonger, NODE_SERVER_OPTIONS, type Running, startServer } from './serve.ts';
export {
  issuesMessage,
  parseJsonBody,
  parseJsonObject,
  queryObject,
  validate,
} from './validate.ts';
export { ASSET_CACHE, PAGE_CACHE, type WebUiOptions, webUi, webUiAddress, webUiBanner } from './web-ui.ts';
