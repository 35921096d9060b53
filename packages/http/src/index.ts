export { ApiError, badRequest, notFoundError, errorBody, sendError, onError, notFound } from './errors.ts';
export { auth, checkAuthorization, safeEqual, type Credentials } from './auth.ts';
export { validate, readJson, issuesMessage, queryObject } from './validate.ts';
export { createLogger, requestLogger, type LogVariables } from './logging.ts';
export { createBaseApp, type BaseEnv } from './base-app.ts';
export { limitBody } from './body-limit.ts';
export { resolveCredentials } from './credentials.ts';
export { startServer, type Running } from './serve.ts';
