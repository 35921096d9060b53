import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import pino, { type DestinationStream, type Logger } from 'pino';

/** The service logger: JSON lines, credentials redacted wherever they appear. */
export function createLogger(level: string, name = 'spanhouse', destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    name,
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'headers.authorization',
        '*.headers.authorization',
        'authorization',
        'password',
        'secretKey',
        'bearerToken',
        'keyPepper',
        '*.password',
        '*.secretKey',
        '*.bearerToken',
        '*.keyPepper',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type LogVariables = { logger: Logger; requestId: string };

/**
 * Gives every request an id (the client's X-Request-Id when sane, else a new UUID), returns it
 * as a header, binds a child logger to it and logs one line per request when it ends.
 */
export function requestLogger(logger: Logger): MiddlewareHandler<{ Variables: LogVariables }> {
  return async (c, next) => {
    const given = c.req.header('x-request-id');
    const requestId = given && /^[\w.-]{1,128}$/.test(given) ? given : randomUUID();
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('logger', log);
    c.header('X-Request-Id', requestId);
    const start = performance.now();
    await next();
    const ms = Math.round((performance.now() - start) * 10) / 10;
    log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
  };
}
