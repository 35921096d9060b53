import { anyValue, array, enumValue, fail, isObj, keyValues, object, string, unixNano } from '../otlp/json-shape.ts';
import type { LogsRequestLike } from './records.ts';

/*
 * Shape check of an OTLP/JSON ExportLogsServiceRequest, as the trace endpoint checks its requests
 * (otlp/json-shape.ts, whose checks it reuses): every field the mapping reads has its JSON type,
 * or the request is a 400 naming the field. Ids and times are checked per record as they are
 * mapped, so one bad record does not sink the others. Unknown fields are ignored.
 */

function logRecord(value: unknown, path: string): void {
  const r = object(value, path);
  if (!r) fail(path, 'an object', value);
  unixNano(r.timeUnixNano, `${path}.timeUnixNano`);
  unixNano(r.observedTimeUnixNano, `${path}.observedTimeUnixNano`);
  enumValue(r.severityNumber, `${path}.severityNumber`);
  string(r.severityText, `${path}.severityText`);
  anyValue(r.body, `${path}.body`);
  keyValues(r.attributes, `${path}.attributes`);
  string(r.traceId, `${path}.traceId`);
  string(r.spanId, `${path}.spanId`);
  string(r.eventName, `${path}.eventName`);
}

/** The parsed body as a request, once its shape is right; 400 naming the first wrong field. */
export function checkOtlpLogsJson(body: unknown): LogsRequestLike {
  if (!isObj(body)) fail('request body', 'a JSON object (an OTLP ExportLogsServiceRequest)', body);
  const resourceLogs = array(body.resourceLogs, 'resourceLogs');
  for (let r = 0; r < resourceLogs.length; r++) {
    const rPath = `resourceLogs.${r}`;
    const rl = object(resourceLogs[r], rPath);
    if (!rl) fail(rPath, 'an object', resourceLogs[r]);
    const resource = object(rl.resource, `${rPath}.resource`);
    if (resource) keyValues(resource.attributes, `${rPath}.resource.attributes`);
    const scopeLogs = array(rl.scopeLogs, `${rPath}.scopeLogs`);
    for (let s = 0; s < scopeLogs.length; s++) {
      const sPath = `${rPath}.scopeLogs.${s}`;
      const sl = object(scopeLogs[s], sPath);
      if (!sl) fail(sPath, 'an object', scopeLogs[s]);
      const scope = object(sl.scope, `${sPath}.scope`);
      if (scope) {
        string(scope.name, `${sPath}.scope.name`);
        string(scope.version, `${sPath}.scope.version`);
        keyValues(scope.attributes, `${sPath}.scope.attributes`);
      }
      const records = array(sl.logRecords, `${sPath}.logRecords`);
      for (let i = 0; i < records.length; i++) logRecord(records[i], `${sPath}.logRecords.${i}`);
    }
  }
  return body as LogsRequestLike;
}
