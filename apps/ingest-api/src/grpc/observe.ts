import {
  ServerInterceptingCall,
  type ServerInterceptingCallInterface,
  type ServerInterceptor,
  status,
} from '@grpc/grpc-js';
import type { ServiceMetrics } from '@spanhouse/http';
import type { Logger } from 'pino';

const CODE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(status).map(([name, code]) => [code, name]),
);

/**
 * Counts (spanhouse_grpc_requests_total by method and code, and the duration) and logs ("grpc
 * request") every call once, with the status it ended with, however it ended: answered by the
 * handler, refused by the gate (UNAUTHENTICATED, PERMISSION_DENIED, NOT_FOUND, UNAVAILABLE) or by
 * grpc-js itself (RESOURCE_EXHAUSTED for a message past its limit, DEADLINE_EXCEEDED), or
 * cancelled by the client before any status (CANCELLED), as every HTTP request is counted and
 * logged with its status.
 *
 * It must be the first interceptor, the one given grpc-js' own call: grpc-js sends its refusals
 * with that call's `sendStatus` (not through the interceptors), so that is where they are seen.
 */
export function observe(logger: Logger, metrics: ServiceMetrics | undefined): ServerInterceptor {
  return (method, call: ServerInterceptingCallInterface) => {
    const start = performance.now();
    let ended = false;
    const end = (code: status) => {
      if (ended) return;
      ended = true;
      const seconds = (performance.now() - start) / 1000;
      const name = CODE_NAMES[code] ?? String(code);
      metrics?.grpcRequests.inc({ method: method.path, code: name });
      metrics?.grpcDuration.observe({ method: method.path }, seconds);
      logger.info({ method: method.path, code: name, ms: Math.round(seconds * 10_000) / 10 }, 'grpc request');
    };
    const send = call.sendStatus.bind(call);
    call.sendStatus = (sent: Parameters<ServerInterceptingCallInterface['sendStatus']>[0]) => {
      end(sent.code);
      send(sent);
    };
    // After a status was sent grpc-js tells the listeners too (counted already); before one, the
    // client went away.
    return new ServerInterceptingCall(call, {
      start: (next) => next({ onCancel: () => end(status.CANCELLED) }),
    });
  };
}
