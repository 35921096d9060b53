import {
  type Metadata,
  ServerInterceptingCall,
  type ServerInterceptingCallInterface,
  type ServerInterceptor,
  status,
} from '@grpc/grpc-js';
import { type Admission, type AdmissionTicket, type Credentials, checkAuthorization } from '@spanhouse/http';
import { grpcStatus } from './status.ts';

/** Seconds an exporter refused for load is asked to wait, as HTTP's 429 asks with Retry-After. */
const LOAD_RETRY_AFTER_S = 1;

/** The admission ticket of each admitted call, found by the call's metadata (the handler's `call.metadata`). */
const tickets = new WeakMap<Metadata, AdmissionTicket>();

/** The ticket the gate gave this call. */
export function ticketOf(metadata: Metadata): AdmissionTicket | undefined {
  return tickets.get(metadata);
}

/** The first value of a text metadata key. */
export function metadataText(metadata: Metadata, key: string): string | undefined {
  const value = metadata.get(key)[0];
  return typeof value === 'string' ? value : undefined;
}

/**
 * What every OTLP/gRPC call passes before its message is read, as an HTTP request passes auth and
 * admission before its body is read: credentials from the `authorization` metadata, checked by
 * the function the HTTP routes use (Bearer, or Basic with the key pair), else UNAUTHENTICATED;
 * then admission, else RESOURCE_EXHAUSTED with RetryInfo at once. Until the call is let through,
 * grpc-js does not read its message. The ticket, 0 bytes at first (a gRPC call declares no
 * length: its bytes are held once the message is in, see the handler), is released when the
 * call ends, however it ends.
 */
export function gate(credentials: Credentials, admission: Admission): ServerInterceptor {
  return (_method, call: ServerInterceptingCallInterface) => {
    let ticket: AdmissionTicket | undefined;
    const release = () => ticket?.release();
    return new ServerInterceptingCall(call, {
      start(next) {
        next({
          onReceiveMetadata(metadata, pass) {
            if (!checkAuthorization(metadataText(metadata, 'authorization'), credentials, true)) {
              call.sendStatus(grpcStatus(status.UNAUTHENTICATED, 'missing or invalid credentials'));
              return;
            }
            const admitted = admission.admit(0);
            if (typeof admitted === 'string') {
              call.sendStatus(grpcStatus(status.RESOURCE_EXHAUSTED, `${admitted}; retry later`, LOAD_RETRY_AFTER_S));
              return;
            }
            ticket = admitted;
            tickets.set(metadata, admitted);
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
