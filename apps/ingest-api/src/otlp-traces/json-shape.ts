import { array, enumValue, fail, isObj, keyValues, object, string, unixNano } from '../otlp/json-shape.ts';
import type { RequestLike } from './spans.ts';

/*
 * Shape check of an OTLP/JSON ExportTraceServiceRequest, on the shared pieces of otlp/json-shape.ts.
 * Ids and times are checked per span later (mapExport), so one bad span does not sink the others;
 * here only their JSON types are checked.
 */

function span(value: unknown, path: string): void {
  const s = object(value, path);
  if (!s) fail(path, 'an object', value);
  string(s.traceId, `${path}.traceId`);
  string(s.spanId, `${path}.spanId`);
  string(s.parentSpanId, `${path}.parentSpanId`);
  string(s.name, `${path}.name`);
  enumValue(s.kind, `${path}.kind`);
  unixNano(s.startTimeUnixNano, `${path}.startTimeUnixNano`);
  unixNano(s.endTimeUnixNano, `${path}.endTimeUnixNano`);
  keyValues(s.attributes, `${path}.attributes`);
  const status = object(s.status, `${path}.status`);
  if (status) {
    enumValue(status.code, `${path}.status.code`);
    string(status.message, `${path}.status.message`);
  }
  const events = array(s.events, `${path}.events`);
  for (let i = 0; i < events.length; i++) {
    const ePath = `${path}.events.${i}`;
    const e = object(events[i], ePath);
    if (!e) fail(ePath, 'an object', events[i]);
    string(e.name, `${ePath}.name`);
    unixNano(e.timeUnixNano, `${ePath}.timeUnixNano`);
    keyValues(e.attributes, `${ePath}.attributes`);
  }
  const links = array(s.links, `${path}.links`);
  for (let i = 0; i < links.length; i++) {
    const lPath = `${path}.links.${i}`;
    const l = object(links[i], lPath);
    if (!l) fail(lPath, 'an object', links[i]);
    string(l.traceId, `${lPath}.traceId`);
    string(l.spanId, `${lPath}.spanId`);
    keyValues(l.attributes, `${lPath}.attributes`);
  }
}

/** The parsed body as a request, once its shape is right; 400 naming the first wrong field. */
export function checkOtlpJson(body: unknown): RequestLike {
  if (!isObj(body)) fail('request body', 'a JSON object (an OTLP ExportTraceServiceRequest)', body);
  const resourceSpans = array(body.resourceSpans, 'resourceSpans');
  for (let r = 0; r < resourceSpans.length; r++) {
    const rPath = `resourceSpans.${r}`;
    const rs = object(resourceSpans[r], rPath);
    if (!rs) fail(rPath, 'an object', resourceSpans[r]);
    const resource = object(rs.resource, `${rPath}.resource`);
    if (resource) keyValues(resource.attributes, `${rPath}.resource.attributes`);
    const scopeSpans = array(rs.scopeSpans, `${rPath}.scopeSpans`);
    for (let s = 0; s < scopeSpans.length; s++) {
      const sPath = `${rPath}.scopeSpans.${s}`;
      const ss = object(scopeSpans[s], sPath);
      if (!ss) fail(sPath, 'an object', scopeSpans[s]);
      const scope = object(ss.scope, `${sPath}.scope`);
      if (scope) {
        string(scope.name, `${sPath}.scope.name`);
        string(scope.version, `${sPath}.scope.version`);
        keyValues(scope.attributes, `${sPath}.scope.attributes`);
      }
      const spans = array(ss.spans, `${sPath}.spans`);
      for (let i = 0; i < spans.length; i++) span(spans[i], `${sPath}.spans.${i}`);
    }
  }
  return body as RequestLike;
}
