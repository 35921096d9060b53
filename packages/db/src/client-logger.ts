import type { Logger as ClientLogger, LogParams, WarnLogParams } from '@clickhouse/client';
import type { Logger } from 'pino';

/**
 * @clickhouse/client's logger class (its `log.LoggerClass`), writing through the service's pino
 * logger: JSON lines under `module: clickhouse-client`, with what the client tells of the request
 * (operation, query and connection ids, settings) as `request`, and the error. The client's own
 * logger prints multi-line text to the console, which a log collector reading JSON lines cannot
 * parse, once for every failed request while ClickHouse cannot be reached. The client passes no
 * credentials in these fields.
 */
export function clientLoggerClass(logger: Logger): new () => ClientLogger {
  const log = logger.child({ module: 'clickhouse-client' });
  const fields = ({ module, args, err }: WarnLogParams) => ({ component: module, request: args, err });
  return class ServiceClientLogger implements ClientLogger {
    trace(p: LogParams) {
      log.trace(fields(p), p.message);
    }
    debug(p: LogParams) {
      log.debug(fields(p), p.message);
    }
    info(p: LogParams) {
      log.info(fields(p), p.message);
    }
    warn(p: WarnLogParams) {
      log.warn(fields(p), p.message);
    }
    error(p: WarnLogParams) {
      log.error(fields(p), p.message);
    }
  };
}
