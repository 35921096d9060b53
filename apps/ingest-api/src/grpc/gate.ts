import {
  type Metadata,
  ServerInterceptingCall,
  type ServerInterceptingCallInterface,
  type ServerInterceptor,
  status,
} from '@grpc/grpc-js';
import {
  type Admission,
  type AdmissionTicket,
  type Authenticate,
  PROJECT_HEADER,
  type Principal,
} from '@spanhouse/http';
import { grpcCodeOf, grpcStatus } from './status.ts';

/** Seconds an exporter refused for load is asked to wait, as HTTP's 429 asks with Retry-After. */
const LOAD_RETRY_AFTER_S = 1;

/** The admission ticket of each admitted call, found by the call's metadata (the handler's `call.metadata`). */
const tickets = new WeakMap<Metadata, AdmissionTicket>();

/** Who each admitted call acts as, found the same way. */
const principals = new WeakMap<Metadata, Principal>();

/** The ticket the gate gave this call. */
export function ticketOf(metadata: Metadata): AdmissionTicket | undefined {
  return tickets.get(metadata);
}

/** The principal the gate authenticated this call as: every call past the gate has one. */
export function principalOfCall(metadata: Metadata): Principal {
  const p = principals.get(metadata);
  if (!p) throw new Error('no principal: the call did not pass the gate');
  return p;
}

/** The first value of a text metadata key. */
export function metadataText(metadata: Metadata, key: string): string | undefined {
  const value = metadata.get(key)[0];
  return typeof value === 'string' ? value : undefined;
}

/**
 * What every OTLP/gRPC call passes before its message is read, as an HTTP request passes auth and
 * admission before its body is read: credentials from the `authorization` metadata (and the
 * admin's `spanhouse-project`), checked by the function the HTTP routes use (Bearer, or Basic with
 * a project's key pair), else UNAUTHENTICATED (PERMISSION_DENIED, NOT_FOUND as HTTP's 403, 404);
 * then admission, else UNAVAILABLE with RetryInfo at once. Until the call is let through,
 * grpc-js does not read its message. The ticket, 0 bytes at first (a gRPC call declares no
 * length: its bytes are held once the message is in, see the handler), is released when the
 * call ends, however it ends.
 */
export function gate(authenticate: Authenticate, admission: Admission): ServerInterceptor {
  return (_method, call: ServerInterceptingCallInterface) => {
    let ticket: AdmissionTicket | undefined;
    const release = () => ticket?.release();
    return new ServerInterceptingCall(call, {
      start(next) {
        next({
          onReceiveMetadata(metadata, pass) {
            const outcome = authenticate({
              authorization: metadataText(metadata, 'authorization'),
              project: metadataText(metadata, PROJECT_HEADER),
            });
            if ('refused' in outcome) {
              call.sendStatus(grpcStatus(grpcCodeOf(outcome.refused.code), outcome.refused.message));
              return;
            }
            const admitted = admission.admit(0);
            if (typeof admitted === 'string') {
              call.sendStatus(grpcStatus(status.UNAVAILABLE, `${admitted}; retry later`, LOAD_RETRY_AFTER_S));
              return;
            }
            ticket = admitted;
            tickets.set(metadata, admitted);
            principals.set(metadata, outcome.principal);
            pass(metadata);
          },
          onCancel: release,
        });
      },
      sendStatus(sent, pass) {
        release();
        pass(sent);
      },
    });
  };
}
