import * as $protobuf from "protobufjs/minimal.js";
import Long = require("long");

/** Namespace opentelemetry. */
export namespace opentelemetry {

    /** Namespace proto. */
    namespace proto {

        /** Namespace collector. */
        namespace collector {

            /** Namespace trace. */
            namespace trace {

                /** Namespace v1. */
                namespace v1 {

                    /**
                     * Properties of an ExportTraceServiceRequest.
                     * @deprecated Use opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest.$Properties instead.
                     */
                    interface IExportTraceServiceRequest extends opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest.$Properties {
                    }

                    /** Represents an ExportTraceServiceRequest. */
                    class ExportTraceServiceRequest {

                        /**
                         * Constructs a new ExportTraceServiceRequest.
                         * @param [properties] Properties to set
                         */
                        constructor(properties?: opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest.$Properties);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];

                        /** ExportTraceServiceRequest resourceSpans. */
                        resourceSpans: opentelemetry.proto.trace.v1.ResourceSpans.$Properties[];

                        /**
                         * Creates a new ExportTraceServiceRequest instance using the specified properties.
                         * @param [properties] Properties to set
                         * @returns ExportTraceServiceRequest instance
                         */
                        static create(properties: opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest.$Shape): opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest & opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest.$Shape;
                        static create(properties?: opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest.$Properties): opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

                        /**
                         * Encodes the specified ExportTraceServiceRequest message. Does not implicitly {@link opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest.verify|verify} messages.
                         * @param message ExportTraceServiceRequest message or plain object to encode
                         * @param [writer] Writer to encode to
                         * @returns Writer
                         */
                        static encode(message: opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                        /**
                         * Decodes an ExportTraceServiceRequest message from the specified reader or buffer.
                         * @param reader Reader or buffer to decode from
                         * @param [length] Message length if known beforehand
                         * @returns {opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest & opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest.$Shape} ExportTraceServiceRequest
                         * @throws {Error} If the payload is not a reader or valid buffer
                         * @throws {$protobuf.util.ProtocolError} If required fields are missing
                         */
                        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest & opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest.$Shape;
                    }

                    namespace ExportTraceServiceRequest {

                        /** Properties of an ExportTraceServiceRequest. */
                        interface $Properties {

                            /** ExportTraceServiceRequest resourceSpans */
                            resourceSpans?: (opentelemetry.proto.trace.v1.ResourceSpans.$Properties[]|null);

                            /** Unknown fields preserved while decoding when enabled */
                            $unknowns?: Uint8Array[];
                        }

                        /** Shape of an ExportTraceServiceRequest. */
                        type $Shape = {
                          resourceSpans?: opentelemetry.proto.trace.v1.ResourceSpans.$Shape[]|null;
                          $unknowns?: Uint8Array[];
                        };
                    }

                    /**
                     * Properties of an ExportTraceServiceResponse.
                     * @deprecated Use opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse.$Properties instead.
                     */
                    interface IExportTraceServiceResponse extends opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse.$Properties {
                    }

                    /** Represents an ExportTraceServiceResponse. */
                    class ExportTraceServiceResponse {

                        /**
                         * Constructs a new ExportTraceServiceResponse.
                         * @param [properties] Properties to set
                         */
                        constructor(properties?: opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse.$Properties);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];

                        /** ExportTraceServiceResponse partialSuccess. */
                        partialSuccess?: (opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess.$Properties|null);

                        /**
                         * Creates a new ExportTraceServiceResponse instance using the specified properties.
                         * @param [properties] Properties to set
                         * @returns ExportTraceServiceResponse instance
                         */
                        static create(properties: opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse.$Shape): opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse & opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse.$Shape;
                        static create(properties?: opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse.$Properties): opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse;

                        /**
                         * Encodes the specified ExportTraceServiceResponse message. Does not implicitly {@link opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse.verify|verify} messages.
                         * @param message ExportTraceServiceResponse message or plain object to encode
                         * @param [writer] Writer to encode to
                         * @returns Writer
                         */
                        static encode(message: opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                        /**
                         * Decodes an ExportTraceServiceResponse message from the specified reader or buffer.
                         * @param reader Reader or buffer to decode from
                         * @param [length] Message length if known beforehand
                         * @returns {opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse & opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse.$Shape} ExportTraceServiceResponse
                         * @throws {Error} If the payload is not a reader or valid buffer
                         * @throws {$protobuf.util.ProtocolError} If required fields are missing
                         */
                        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse & opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse.$Shape;
                    }

                    namespace ExportTraceServiceResponse {

                        /** Properties of an ExportTraceServiceResponse. */
                        interface $Properties {

                            /** ExportTraceServiceResponse partialSuccess */
                            partialSuccess?: (opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess.$Properties|null);

                            /** Unknown fields preserved while decoding when enabled */
                            $unknowns?: Uint8Array[];
                        }

                        /** Shape of an ExportTraceServiceResponse. */
                        type $Shape = opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse.$Properties;
                    }

                    /**
                     * Properties of an ExportTracePartialSuccess.
                     * @deprecated Use opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess.$Properties instead.
                     */
                    interface IExportTracePartialSuccess extends opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess.$Properties {
                    }

                    /** Represents an ExportTracePartialSuccess. */
                    class ExportTracePartialSuccess {

                        /**
                         * Constructs a new ExportTracePartialSuccess.
                         * @param [properties] Properties to set
                         */
                        constructor(properties?: opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess.$Properties);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];

                        /** ExportTracePartialSuccess rejectedSpans. */
                        rejectedSpans: (number|Long);

                        /** ExportTracePartialSuccess errorMessage. */
                        errorMessage: string;

                        /**
                         * Creates a new ExportTracePartialSuccess instance using the specified properties.
                         * @param [properties] Properties to set
                         * @returns ExportTracePartialSuccess instance
                         */
                        static create(properties: opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess.$Shape): opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess & opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess.$Shape;
                        static create(properties?: opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess.$Properties): opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess;

                        /**
                         * Encodes the specified ExportTracePartialSuccess message. Does not implicitly {@link opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess.verify|verify} messages.
                         * @param message ExportTracePartialSuccess message or plain object to encode
                         * @param [writer] Writer to encode to
                         * @returns Writer
                         */
                        static encode(message: opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                        /**
                         * Decodes an ExportTracePartialSuccess message from the specified reader or buffer.
                         * @param reader Reader or buffer to decode from
                         * @param [length] Message length if known beforehand
                         * @returns {opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess & opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess.$Shape} ExportTracePartialSuccess
                         * @throws {Error} If the payload is not a reader or valid buffer
                         * @throws {$protobuf.util.ProtocolError} If required fields are missing
                         */
                        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess & opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess.$Shape;
                    }

                    namespace ExportTracePartialSuccess {

                        /** Properties of an ExportTracePartialSuccess. */
                        interface $Properties {

                            /** ExportTracePartialSuccess rejectedSpans */
                            rejectedSpans?: (number|Long|null);

                            /** ExportTracePartialSuccess errorMessage */
                            errorMessage?: (string|null);

                            /** Unknown fields preserved while decoding when enabled */
                            $unknowns?: Uint8Array[];
                        }

                        /** Shape of an ExportTracePartialSuccess. */
                        type $Shape = opentelemetry.proto.collector.trace.v1.ExportTracePartialSuccess.$Properties;
                    }
                }
            }
        }

        /** Namespace trace. */
        namespace trace {

            /** Namespace v1. */
            namespace v1 {

                /**
                 * Properties of a TracesData.
                 * @deprecated Use opentelemetry.proto.trace.v1.TracesData.$Properties instead.
                 */
                interface ITracesData extends opentelemetry.proto.trace.v1.TracesData.$Properties {
                }

                /** Represents a TracesData. */
                class TracesData {

                    /**
                     * Constructs a new TracesData.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.trace.v1.TracesData.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** TracesData resourceSpans. */
                    resourceSpans: opentelemetry.proto.trace.v1.ResourceSpans.$Properties[];

                    /**
                     * Creates a new TracesData instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns TracesData instance
                     */
                    static create(properties: opentelemetry.proto.trace.v1.TracesData.$Shape): opentelemetry.proto.trace.v1.TracesData & opentelemetry.proto.trace.v1.TracesData.$Shape;
                    static create(properties?: opentelemetry.proto.trace.v1.TracesData.$Properties): opentelemetry.proto.trace.v1.TracesData;

                    /**
                     * Encodes the specified TracesData message. Does not implicitly {@link opentelemetry.proto.trace.v1.TracesData.verify|verify} messages.
                     * @param message TracesData message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.trace.v1.TracesData.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a TracesData message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.trace.v1.TracesData & opentelemetry.proto.trace.v1.TracesData.$Shape} TracesData
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.trace.v1.TracesData & opentelemetry.proto.trace.v1.TracesData.$Shape;
                }

                namespace TracesData {

                    /** Properties of a TracesData. */
                    interface $Properties {

                        /** TracesData resourceSpans */
                        resourceSpans?: (opentelemetry.proto.trace.v1.ResourceSpans.$Properties[]|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a TracesData. */
                    type $Shape = {
                      resourceSpans?: opentelemetry.proto.trace.v1.ResourceSpans.$Shape[]|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /**
                 * Properties of a ResourceSpans.
                 * @deprecated Use opentelemetry.proto.trace.v1.ResourceSpans.$Properties instead.
                 */
                interface IResourceSpans extends opentelemetry.proto.trace.v1.ResourceSpans.$Properties {
                }

                /** Represents a ResourceSpans. */
                class ResourceSpans {

                    /**
                     * Constructs a new ResourceSpans.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.trace.v1.ResourceSpans.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** ResourceSpans resource. */
                    resource?: (opentelemetry.proto.resource.v1.Resource.$Properties|null);

                    /** ResourceSpans scopeSpans. */
                    scopeSpans: opentelemetry.proto.trace.v1.ScopeSpans.$Properties[];

                    /** ResourceSpans schemaUrl. */
                    schemaUrl: string;

                    /**
                     * Creates a new ResourceSpans instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns ResourceSpans instance
                     */
                    static create(properties: opentelemetry.proto.trace.v1.ResourceSpans.$Shape): opentelemetry.proto.trace.v1.ResourceSpans & opentelemetry.proto.trace.v1.ResourceSpans.$Shape;
                    static create(properties?: opentelemetry.proto.trace.v1.ResourceSpans.$Properties): opentelemetry.proto.trace.v1.ResourceSpans;

                    /**
                     * Encodes the specified ResourceSpans message. Does not implicitly {@link opentelemetry.proto.trace.v1.ResourceSpans.verify|verify} messages.
                     * @param message ResourceSpans message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.trace.v1.ResourceSpans.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a ResourceSpans message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.trace.v1.ResourceSpans & opentelemetry.proto.trace.v1.ResourceSpans.$Shape} ResourceSpans
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.trace.v1.ResourceSpans & opentelemetry.proto.trace.v1.ResourceSpans.$Shape;
                }

                namespace ResourceSpans {

                    /** Properties of a ResourceSpans. */
                    interface $Properties {

                        /** ResourceSpans resource */
                        resource?: (opentelemetry.proto.resource.v1.Resource.$Properties|null);

                        /** ResourceSpans scopeSpans */
                        scopeSpans?: (opentelemetry.proto.trace.v1.ScopeSpans.$Properties[]|null);

                        /** ResourceSpans schemaUrl */
                        schemaUrl?: (string|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a ResourceSpans. */
                    type $Shape = {
                      resource?: opentelemetry.proto.resource.v1.Resource.$Shape|null;
                      scopeSpans?: opentelemetry.proto.trace.v1.ScopeSpans.$Shape[]|null;
                      schemaUrl?: string|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /**
                 * Properties of a ScopeSpans.
                 * @deprecated Use opentelemetry.proto.trace.v1.ScopeSpans.$Properties instead.
                 */
                interface IScopeSpans extends opentelemetry.proto.trace.v1.ScopeSpans.$Properties {
                }

                /** Represents a ScopeSpans. */
                class ScopeSpans {

                    /**
                     * Constructs a new ScopeSpans.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.trace.v1.ScopeSpans.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** ScopeSpans scope. */
                    scope?: (opentelemetry.proto.common.v1.InstrumentationScope.$Properties|null);

                    /** ScopeSpans spans. */
                    spans: opentelemetry.proto.trace.v1.Span.$Properties[];

                    /** ScopeSpans schemaUrl. */
                    schemaUrl: string;

                    /**
                     * Creates a new ScopeSpans instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns ScopeSpans instance
                     */
                    static create(properties: opentelemetry.proto.trace.v1.ScopeSpans.$Shape): opentelemetry.proto.trace.v1.ScopeSpans & opentelemetry.proto.trace.v1.ScopeSpans.$Shape;
                    static create(properties?: opentelemetry.proto.trace.v1.ScopeSpans.$Properties): opentelemetry.proto.trace.v1.ScopeSpans;

                    /**
                     * Encodes the specified ScopeSpans message. Does not implicitly {@link opentelemetry.proto.trace.v1.ScopeSpans.verify|verify} messages.
                     * @param message ScopeSpans message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.trace.v1.ScopeSpans.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a ScopeSpans message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.trace.v1.ScopeSpans & opentelemetry.proto.trace.v1.ScopeSpans.$Shape} ScopeSpans
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.trace.v1.ScopeSpans & opentelemetry.proto.trace.v1.ScopeSpans.$Shape;
                }

                namespace ScopeSpans {

                    /** Properties of a ScopeSpans. */
                    interface $Properties {

                        /** ScopeSpans scope */
                        scope?: (opentelemetry.proto.common.v1.InstrumentationScope.$Properties|null);

                        /** ScopeSpans spans */
                        spans?: (opentelemetry.proto.trace.v1.Span.$Properties[]|null);

                        /** ScopeSpans schemaUrl */
                        schemaUrl?: (string|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a ScopeSpans. */
                    type $Shape = {
                      scope?: opentelemetry.proto.common.v1.InstrumentationScope.$Shape|null;
                      spans?: opentelemetry.proto.trace.v1.Span.$Shape[]|null;
                      schemaUrl?: string|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /**
                 * Properties of a Span.
                 * @deprecated Use opentelemetry.proto.trace.v1.Span.$Properties instead.
                 */
                interface ISpan extends opentelemetry.proto.trace.v1.Span.$Properties {
                }

                /** Represents a Span. */
                class Span {

                    /**
                     * Constructs a new Span.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.trace.v1.Span.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** Span traceId. */
                    traceId: Uint8Array;

                    /** Span spanId. */
                    spanId: Uint8Array;

                    /** Span traceState. */
                    traceState: string;

                    /** Span parentSpanId. */
                    parentSpanId: Uint8Array;

                    /** Span name. */
                    name: string;

                    /** Span kind. */
                    kind: opentelemetry.proto.trace.v1.Span.SpanKind;

                    /** Span startTimeUnixNano. */
                    startTimeUnixNano: (number|Long);

                    /** Span endTimeUnixNano. */
                    endTimeUnixNano: (number|Long);

                    /** Span attributes. */
                    attributes: opentelemetry.proto.common.v1.KeyValue.$Properties[];

                    /** Span droppedAttributesCount. */
                    droppedAttributesCount: number;

                    /** Span events. */
                    events: opentelemetry.proto.trace.v1.Span.Event.$Properties[];

                    /** Span droppedEventsCount. */
                    droppedEventsCount: number;

                    /** Span links. */
                    links: opentelemetry.proto.trace.v1.Span.Link.$Properties[];

                    /** Span droppedLinksCount. */
                    droppedLinksCount: number;

                    /** Span status. */
                    status?: (opentelemetry.proto.trace.v1.Status.$Properties|null);

                    /** Span flags. */
                    flags: number;

                    /**
                     * Creates a new Span instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns Span instance
                     */
                    static create(properties: opentelemetry.proto.trace.v1.Span.$Shape): opentelemetry.proto.trace.v1.Span & opentelemetry.proto.trace.v1.Span.$Shape;
                    static create(properties?: opentelemetry.proto.trace.v1.Span.$Properties): opentelemetry.proto.trace.v1.Span;

                    /**
                     * Encodes the specified Span message. Does not implicitly {@link opentelemetry.proto.trace.v1.Span.verify|verify} messages.
                     * @param message Span message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.trace.v1.Span.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a Span message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.trace.v1.Span & opentelemetry.proto.trace.v1.Span.$Shape} Span
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.trace.v1.Span & opentelemetry.proto.trace.v1.Span.$Shape;
                }

                namespace Span {

                    /** Properties of a Span. */
                    interface $Properties {

                        /** Span traceId */
                        traceId?: (Uint8Array|null);

                        /** Span spanId */
                        spanId?: (Uint8Array|null);

                        /** Span traceState */
                        traceState?: (string|null);

                        /** Span parentSpanId */
                        parentSpanId?: (Uint8Array|null);

                        /** Span name */
                        name?: (string|null);

                        /** Span kind */
                        kind?: (opentelemetry.proto.trace.v1.Span.SpanKind|null);

                        /** Span startTimeUnixNano */
                        startTimeUnixNano?: (number|Long|null);

                        /** Span endTimeUnixNano */
                        endTimeUnixNano?: (number|Long|null);

                        /** Span attributes */
                        attributes?: (opentelemetry.proto.common.v1.KeyValue.$Properties[]|null);

                        /** Span droppedAttributesCount */
                        droppedAttributesCount?: (number|null);

                        /** Span events */
                        events?: (opentelemetry.proto.trace.v1.Span.Event.$Properties[]|null);

                        /** Span droppedEventsCount */
                        droppedEventsCount?: (number|null);

                        /** Span links */
                        links?: (opentelemetry.proto.trace.v1.Span.Link.$Properties[]|null);

                        /** Span droppedLinksCount */
                        droppedLinksCount?: (number|null);

                        /** Span status */
                        status?: (opentelemetry.proto.trace.v1.Status.$Properties|null);

                        /** Span flags */
                        flags?: (number|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a Span. */
                    type $Shape = {
                      traceId?: Uint8Array|null;
                      spanId?: Uint8Array|null;
                      traceState?: string|null;
                      parentSpanId?: Uint8Array|null;
                      name?: string|null;
                      kind?: opentelemetry.proto.trace.v1.Span.SpanKind|null;
                      startTimeUnixNano?: number|Long|null;
                      endTimeUnixNano?: number|Long|null;
                      attributes?: opentelemetry.proto.common.v1.KeyValue.$Shape[]|null;
                      droppedAttributesCount?: number|null;
                      events?: opentelemetry.proto.trace.v1.Span.Event.$Shape[]|null;
                      droppedEventsCount?: number|null;
                      links?: opentelemetry.proto.trace.v1.Span.Link.$Shape[]|null;
                      droppedLinksCount?: number|null;
                      status?: opentelemetry.proto.trace.v1.Status.$Shape|null;
                      flags?: number|null;
                      $unknowns?: Uint8Array[];
                    };

                    /** SpanKind enum. */
                    enum SpanKind {

                        /** SPAN_KIND_UNSPECIFIED value */
                        SPAN_KIND_UNSPECIFIED = 0,

                        /** SPAN_KIND_INTERNAL value */
                        SPAN_KIND_INTERNAL = 1,

                        /** SPAN_KIND_SERVER value */
                        SPAN_KIND_SERVER = 2,

                        /** SPAN_KIND_CLIENT value */
                        SPAN_KIND_CLIENT = 3,

                        /** SPAN_KIND_PRODUCER value */
                        SPAN_KIND_PRODUCER = 4,

                        /** SPAN_KIND_CONSUMER value */
                        SPAN_KIND_CONSUMER = 5
                    }

                    /**
                     * Properties of an Event.
                     * @deprecated Use opentelemetry.proto.trace.v1.Span.Event.$Properties instead.
                     */
                    interface IEvent extends opentelemetry.proto.trace.v1.Span.Event.$Properties {
                    }

                    /** Represents an Event. */
                    class Event {

                        /**
                         * Constructs a new Event.
                         * @param [properties] Properties to set
                         */
                        constructor(properties?: opentelemetry.proto.trace.v1.Span.Event.$Properties);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];

                        /** Event timeUnixNano. */
                        timeUnixNano: (number|Long);

                        /** Event name. */
                        name: string;

                        /** Event attributes. */
                        attributes: opentelemetry.proto.common.v1.KeyValue.$Properties[];

                        /** Event droppedAttributesCount. */
                        droppedAttributesCount: number;

                        /**
                         * Creates a new Event instance using the specified properties.
                         * @param [properties] Properties to set
                         * @returns Event instance
                         */
                        static create(properties: opentelemetry.proto.trace.v1.Span.Event.$Shape): opentelemetry.proto.trace.v1.Span.Event & opentelemetry.proto.trace.v1.Span.Event.$Shape;
                        static create(properties?: opentelemetry.proto.trace.v1.Span.Event.$Properties): opentelemetry.proto.trace.v1.Span.Event;

                        /**
                         * Encodes the specified Event message. Does not implicitly {@link opentelemetry.proto.trace.v1.Span.Event.verify|verify} messages.
                         * @param message Event message or plain object to encode
                         * @param [writer] Writer to encode to
                         * @returns Writer
                         */
                        static encode(message: opentelemetry.proto.trace.v1.Span.Event.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                        /**
                         * Decodes an Event message from the specified reader or buffer.
                         * @param reader Reader or buffer to decode from
                         * @param [length] Message length if known beforehand
                         * @returns {opentelemetry.proto.trace.v1.Span.Event & opentelemetry.proto.trace.v1.Span.Event.$Shape} Event
                         * @throws {Error} If the payload is not a reader or valid buffer
                         * @throws {$protobuf.util.ProtocolError} If required fields are missing
                         */
                        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.trace.v1.Span.Event & opentelemetry.proto.trace.v1.Span.Event.$Shape;
                    }

                    namespace Event {

                        /** Properties of an Event. */
                        interface $Properties {

                            /** Event timeUnixNano */
                            timeUnixNano?: (number|Long|null);

                            /** Event name */
                            name?: (string|null);

                            /** Event attributes */
                            attributes?: (opentelemetry.proto.common.v1.KeyValue.$Properties[]|null);

                            /** Event droppedAttributesCount */
                            droppedAttributesCount?: (number|null);

                            /** Unknown fields preserved while decoding when enabled */
                            $unknowns?: Uint8Array[];
                        }

                        /** Shape of an Event. */
                        type $Shape = {
                          timeUnixNano?: number|Long|null;
                          name?: string|null;
                          attributes?: opentelemetry.proto.common.v1.KeyValue.$Shape[]|null;
                          droppedAttributesCount?: number|null;
                          $unknowns?: Uint8Array[];
                        };
                    }

                    /**
                     * Properties of a Link.
                     * @deprecated Use opentelemetry.proto.trace.v1.Span.Link.$Properties instead.
                     */
                    interface ILink extends opentelemetry.proto.trace.v1.Span.Link.$Properties {
                    }

                    /** Represents a Link. */
                    class Link {

                        /**
                         * Constructs a new Link.
                         * @param [properties] Properties to set
                         */
                        constructor(properties?: opentelemetry.proto.trace.v1.Span.Link.$Properties);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];

                        /** Link traceId. */
                        traceId: Uint8Array;

                        /** Link spanId. */
                        spanId: Uint8Array;

                        /** Link traceState. */
                        traceState: string;

                        /** Link attributes. */
                        attributes: opentelemetry.proto.common.v1.KeyValue.$Properties[];

                        /** Link droppedAttributesCount. */
                        droppedAttributesCount: number;

                        /** Link flags. */
                        flags: number;

                        /**
                         * Creates a new Link instance using the specified properties.
                         * @param [properties] Properties to set
                         * @returns Link instance
                         */
                        static create(properties: opentelemetry.proto.trace.v1.Span.Link.$Shape): opentelemetry.proto.trace.v1.Span.Link & opentelemetry.proto.trace.v1.Span.Link.$Shape;
                        static create(properties?: opentelemetry.proto.trace.v1.Span.Link.$Properties): opentelemetry.proto.trace.v1.Span.Link;

                        /**
                         * Encodes the specified Link message. Does not implicitly {@link opentelemetry.proto.trace.v1.Span.Link.verify|verify} messages.
                         * @param message Link message or plain object to encode
                         * @param [writer] Writer to encode to
                         * @returns Writer
                         */
                        static encode(message: opentelemetry.proto.trace.v1.Span.Link.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                        /**
                         * Decodes a Link message from the specified reader or buffer.
                         * @param reader Reader or buffer to decode from
                         * @param [length] Message length if known beforehand
                         * @returns {opentelemetry.proto.trace.v1.Span.Link & opentelemetry.proto.trace.v1.Span.Link.$Shape} Link
                         * @throws {Error} If the payload is not a reader or valid buffer
                         * @throws {$protobuf.util.ProtocolError} If required fields are missing
                         */
                        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.trace.v1.Span.Link & opentelemetry.proto.trace.v1.Span.Link.$Shape;
                    }

                    namespace Link {

                        /** Properties of a Link. */
                        interface $Properties {

                            /** Link traceId */
                            traceId?: (Uint8Array|null);

                            /** Link spanId */
                            spanId?: (Uint8Array|null);

                            /** Link traceState */
                            traceState?: (string|null);

                            /** Link attributes */
                            attributes?: (opentelemetry.proto.common.v1.KeyValue.$Properties[]|null);

                            /** Link droppedAttributesCount */
                            droppedAttributesCount?: (number|null);

                            /** Link flags */
                            flags?: (number|null);

                            /** Unknown fields preserved while decoding when enabled */
                            $unknowns?: Uint8Array[];
                        }

                        /** Shape of a Link. */
                        type $Shape = {
                          traceId?: Uint8Array|null;
                          spanId?: Uint8Array|null;
                          traceState?: string|null;
                          attributes?: opentelemetry.proto.common.v1.KeyValue.$Shape[]|null;
                          droppedAttributesCount?: number|null;
                          flags?: number|null;
                          $unknowns?: Uint8Array[];
                        };
                    }
                }

                /** SpanFlags enum. */
                enum SpanFlags {

                    /** SPAN_FLAGS_DO_NOT_USE value */
                    SPAN_FLAGS_DO_NOT_USE = 0,

                    /** SPAN_FLAGS_TRACE_FLAGS_MASK value */
                    SPAN_FLAGS_TRACE_FLAGS_MASK = 255,

                    /** SPAN_FLAGS_CONTEXT_HAS_IS_REMOTE_MASK value */
                    SPAN_FLAGS_CONTEXT_HAS_IS_REMOTE_MASK = 256,

                    /** SPAN_FLAGS_CONTEXT_IS_REMOTE_MASK value */
                    SPAN_FLAGS_CONTEXT_IS_REMOTE_MASK = 512
                }

                /**
                 * Properties of a Status.
                 * @deprecated Use opentelemetry.proto.trace.v1.Status.$Properties instead.
                 */
                interface IStatus extends opentelemetry.proto.trace.v1.Status.$Properties {
                }

                /** Represents a Status. */
                class Status {

                    /**
                     * Constructs a new Status.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.trace.v1.Status.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** Status message. */
                    message: string;

                    /** Status code. */
                    code: opentelemetry.proto.trace.v1.Status.StatusCode;

                    /**
                     * Creates a new Status instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns Status instance
                     */
                    static create(properties: opentelemetry.proto.trace.v1.Status.$Shape): opentelemetry.proto.trace.v1.Status & opentelemetry.proto.trace.v1.Status.$Shape;
                    static create(properties?: opentelemetry.proto.trace.v1.Status.$Properties): opentelemetry.proto.trace.v1.Status;

                    /**
                     * Encodes the specified Status message. Does not implicitly {@link opentelemetry.proto.trace.v1.Status.verify|verify} messages.
                     * @param message Status message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.trace.v1.Status.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a Status message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.trace.v1.Status & opentelemetry.proto.trace.v1.Status.$Shape} Status
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.trace.v1.Status & opentelemetry.proto.trace.v1.Status.$Shape;
                }

                namespace Status {

                    /** Properties of a Status. */
                    interface $Properties {

                        /** Status message */
                        message?: (string|null);

                        /** Status code */
                        code?: (opentelemetry.proto.trace.v1.Status.StatusCode|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a Status. */
                    type $Shape = opentelemetry.proto.trace.v1.Status.$Properties;

                    /** StatusCode enum. */
                    enum StatusCode {

                        /** STATUS_CODE_UNSET value */
                        STATUS_CODE_UNSET = 0,

                        /** STATUS_CODE_OK value */
                        STATUS_CODE_OK = 1,

                        /** STATUS_CODE_ERROR value */
                        STATUS_CODE_ERROR = 2
                    }
                }
            }
        }

        /** Namespace common. */
        namespace common {

            /** Namespace v1. */
            namespace v1 {

                /**
                 * Properties of an AnyValue.
                 * @deprecated Use opentelemetry.proto.common.v1.AnyValue.$Properties instead.
                 */
                interface IAnyValue extends opentelemetry.proto.common.v1.AnyValue.$Properties {
                }

                /** Represents an AnyValue. */
                class AnyValue {

                    /**
                     * Constructs a new AnyValue.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.common.v1.AnyValue.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** AnyValue stringValue. */
                    stringValue?: (string|null);

                    /** AnyValue boolValue. */
                    boolValue?: (boolean|null);

                    /** AnyValue intValue. */
                    intValue?: (number|Long|null);

                    /** AnyValue doubleValue. */
                    doubleValue?: (number|null);

                    /** AnyValue arrayValue. */
                    arrayValue?: (opentelemetry.proto.common.v1.ArrayValue.$Properties|null);

                    /** AnyValue kvlistValue. */
                    kvlistValue?: (opentelemetry.proto.common.v1.KeyValueList.$Properties|null);

                    /** AnyValue bytesValue. */
                    bytesValue?: (Uint8Array|null);

                    /** AnyValue value. */
                    value?: ("stringValue"|"boolValue"|"intValue"|"doubleValue"|"arrayValue"|"kvlistValue"|"bytesValue");

                    /**
                     * Creates a new AnyValue instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns AnyValue instance
                     */
                    static create(properties: opentelemetry.proto.common.v1.AnyValue.$Shape): opentelemetry.proto.common.v1.AnyValue & opentelemetry.proto.common.v1.AnyValue.$Shape;
                    static create(properties?: opentelemetry.proto.common.v1.AnyValue.$Properties): opentelemetry.proto.common.v1.AnyValue;

                    /**
                     * Encodes the specified AnyValue message. Does not implicitly {@link opentelemetry.proto.common.v1.AnyValue.verify|verify} messages.
                     * @param message AnyValue message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.common.v1.AnyValue.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes an AnyValue message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.common.v1.AnyValue & opentelemetry.proto.common.v1.AnyValue.$Shape} AnyValue
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.common.v1.AnyValue & opentelemetry.proto.common.v1.AnyValue.$Shape;
                }

                namespace AnyValue {

                    /** Properties of an AnyValue. */
                    interface $Properties {

                        /** AnyValue stringValue */
                        stringValue?: (string|null);

                        /** AnyValue boolValue */
                        boolValue?: (boolean|null);

                        /** AnyValue intValue */
                        intValue?: (number|Long|null);

                        /** AnyValue doubleValue */
                        doubleValue?: (number|null);

                        /** AnyValue arrayValue */
                        arrayValue?: (opentelemetry.proto.common.v1.ArrayValue.$Properties|null);

                        /** AnyValue kvlistValue */
                        kvlistValue?: (opentelemetry.proto.common.v1.KeyValueList.$Properties|null);

                        /** AnyValue bytesValue */
                        bytesValue?: (Uint8Array|null);

                        /** AnyValue value */
                        value?: ("stringValue"|"boolValue"|"intValue"|"doubleValue"|"arrayValue"|"kvlistValue"|"bytesValue");

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Narrowed shape of an AnyValue. */
                    type $Shape = {
                      stringValue?: string|null;
                      boolValue?: boolean|null;
                      intValue?: number|Long|null;
                      doubleValue?: number|null;
                      arrayValue?: opentelemetry.proto.common.v1.ArrayValue.$Shape|null;
                      kvlistValue?: opentelemetry.proto.common.v1.KeyValueList.$Shape|null;
                      bytesValue?: Uint8Array|null;
                      $unknowns?: Uint8Array[];
                    } & (
                      ({ value?: undefined; stringValue?: null; boolValue?: null; intValue?: null; doubleValue?: null; arrayValue?: null; kvlistValue?: null; bytesValue?: null }|{ value?: "stringValue"; stringValue: string; boolValue?: null; intValue?: null; doubleValue?: null; arrayValue?: null; kvlistValue?: null; bytesValue?: null }|{ value?: "boolValue"; stringValue?: null; boolValue: boolean; intValue?: null; doubleValue?: null; arrayValue?: null; kvlistValue?: null; bytesValue?: null }|{ value?: "intValue"; stringValue?: null; boolValue?: null; intValue: number|Long; doubleValue?: null; arrayValue?: null; kvlistValue?: null; bytesValue?: null }|{ value?: "doubleValue"; stringValue?: null; boolValue?: null; intValue?: null; doubleValue: number; arrayValue?: null; kvlistValue?: null; bytesValue?: null }|{ value?: "arrayValue"; stringValue?: null; boolValue?: null; intValue?: null; doubleValue?: null; arrayValue: opentelemetry.proto.common.v1.ArrayValue.$Shape; kvlistValue?: null; bytesValue?: null }|{ value?: "kvlistValue"; stringValue?: null; boolValue?: null; intValue?: null; doubleValue?: null; arrayValue?: null; kvlistValue: opentelemetry.proto.common.v1.KeyValueList.$Shape; bytesValue?: null }|{ value?: "bytesValue"; stringValue?: null; boolValue?: null; intValue?: null; doubleValue?: null; arrayValue?: null; kvlistValue?: null; bytesValue: Uint8Array })
                    );
                }

                /**
                 * Properties of an ArrayValue.
                 * @deprecated Use opentelemetry.proto.common.v1.ArrayValue.$Properties instead.
                 */
                interface IArrayValue extends opentelemetry.proto.common.v1.ArrayValue.$Properties {
                }

                /** Represents an ArrayValue. */
                class ArrayValue {

                    /**
                     * Constructs a new ArrayValue.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.common.v1.ArrayValue.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** ArrayValue values. */
                    values: opentelemetry.proto.common.v1.AnyValue.$Properties[];

                    /**
                     * Creates a new ArrayValue instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns ArrayValue instance
                     */
                    static create(properties: opentelemetry.proto.common.v1.ArrayValue.$Shape): opentelemetry.proto.common.v1.ArrayValue & opentelemetry.proto.common.v1.ArrayValue.$Shape;
                    static create(properties?: opentelemetry.proto.common.v1.ArrayValue.$Properties): opentelemetry.proto.common.v1.ArrayValue;

                    /**
                     * Encodes the specified ArrayValue message. Does not implicitly {@link opentelemetry.proto.common.v1.ArrayValue.verify|verify} messages.
                     * @param message ArrayValue message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.common.v1.ArrayValue.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes an ArrayValue message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.common.v1.ArrayValue & opentelemetry.proto.common.v1.ArrayValue.$Shape} ArrayValue
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.common.v1.ArrayValue & opentelemetry.proto.common.v1.ArrayValue.$Shape;
                }

                namespace ArrayValue {

                    /** Properties of an ArrayValue. */
                    interface $Properties {

                        /** ArrayValue values */
                        values?: (opentelemetry.proto.common.v1.AnyValue.$Properties[]|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of an ArrayValue. */
                    type $Shape = {
                      values?: opentelemetry.proto.common.v1.AnyValue.$Shape[]|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /**
                 * Properties of a KeyValueList.
                 * @deprecated Use opentelemetry.proto.common.v1.KeyValueList.$Properties instead.
                 */
                interface IKeyValueList extends opentelemetry.proto.common.v1.KeyValueList.$Properties {
                }

                /** Represents a KeyValueList. */
                class KeyValueList {

                    /**
                     * Constructs a new KeyValueList.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.common.v1.KeyValueList.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** KeyValueList values. */
                    values: opentelemetry.proto.common.v1.KeyValue.$Properties[];

                    /**
                     * Creates a new KeyValueList instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns KeyValueList instance
                     */
                    static create(properties: opentelemetry.proto.common.v1.KeyValueList.$Shape): opentelemetry.proto.common.v1.KeyValueList & opentelemetry.proto.common.v1.KeyValueList.$Shape;
                    static create(properties?: opentelemetry.proto.common.v1.KeyValueList.$Properties): opentelemetry.proto.common.v1.KeyValueList;

                    /**
                     * Encodes the specified KeyValueList message. Does not implicitly {@link opentelemetry.proto.common.v1.KeyValueList.verify|verify} messages.
                     * @param message KeyValueList message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.common.v1.KeyValueList.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a KeyValueList message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.common.v1.KeyValueList & opentelemetry.proto.common.v1.KeyValueList.$Shape} KeyValueList
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.common.v1.KeyValueList & opentelemetry.proto.common.v1.KeyValueList.$Shape;
                }

                namespace KeyValueList {

                    /** Properties of a KeyValueList. */
                    interface $Properties {

                        /** KeyValueList values */
                        values?: (opentelemetry.proto.common.v1.KeyValue.$Properties[]|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a KeyValueList. */
                    type $Shape = {
                      values?: opentelemetry.proto.common.v1.KeyValue.$Shape[]|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /**
                 * Properties of a KeyValue.
                 * @deprecated Use opentelemetry.proto.common.v1.KeyValue.$Properties instead.
                 */
                interface IKeyValue extends opentelemetry.proto.common.v1.KeyValue.$Properties {
                }

                /** Represents a KeyValue. */
                class KeyValue {

                    /**
                     * Constructs a new KeyValue.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.common.v1.KeyValue.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** KeyValue key. */
                    key: string;

                    /** KeyValue value. */
                    value?: (opentelemetry.proto.common.v1.AnyValue.$Properties|null);

                    /**
                     * Creates a new KeyValue instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns KeyValue instance
                     */
                    static create(properties: opentelemetry.proto.common.v1.KeyValue.$Shape): opentelemetry.proto.common.v1.KeyValue & opentelemetry.proto.common.v1.KeyValue.$Shape;
                    static create(properties?: opentelemetry.proto.common.v1.KeyValue.$Properties): opentelemetry.proto.common.v1.KeyValue;

                    /**
                     * Encodes the specified KeyValue message. Does not implicitly {@link opentelemetry.proto.common.v1.KeyValue.verify|verify} messages.
                     * @param message KeyValue message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.common.v1.KeyValue.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a KeyValue message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.common.v1.KeyValue & opentelemetry.proto.common.v1.KeyValue.$Shape} KeyValue
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.common.v1.KeyValue & opentelemetry.proto.common.v1.KeyValue.$Shape;
                }

                namespace KeyValue {

                    /** Properties of a KeyValue. */
                    interface $Properties {

                        /** KeyValue key */
                        key?: (string|null);

                        /** KeyValue value */
                        value?: (opentelemetry.proto.common.v1.AnyValue.$Properties|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a KeyValue. */
                    type $Shape = {
                      key?: string|null;
                      value?: opentelemetry.proto.common.v1.AnyValue.$Shape|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /**
                 * Properties of an InstrumentationScope.
                 * @deprecated Use opentelemetry.proto.common.v1.InstrumentationScope.$Properties instead.
                 */
                interface IInstrumentationScope extends opentelemetry.proto.common.v1.InstrumentationScope.$Properties {
                }

                /** Represents an InstrumentationScope. */
                class InstrumentationScope {

                    /**
                     * Constructs a new InstrumentationScope.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.common.v1.InstrumentationScope.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** InstrumentationScope name. */
                    name: string;

                    /** InstrumentationScope version. */
                    version: string;

                    /** InstrumentationScope attributes. */
                    attributes: opentelemetry.proto.common.v1.KeyValue.$Properties[];

                    /** InstrumentationScope droppedAttributesCount. */
                    droppedAttributesCount: number;

                    /**
                     * Creates a new InstrumentationScope instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns InstrumentationScope instance
                     */
                    static create(properties: opentelemetry.proto.common.v1.InstrumentationScope.$Shape): opentelemetry.proto.common.v1.InstrumentationScope & opentelemetry.proto.common.v1.InstrumentationScope.$Shape;
                    static create(properties?: opentelemetry.proto.common.v1.InstrumentationScope.$Properties): opentelemetry.proto.common.v1.InstrumentationScope;

                    /**
                     * Encodes the specified InstrumentationScope message. Does not implicitly {@link opentelemetry.proto.common.v1.InstrumentationScope.verify|verify} messages.
                     * @param message InstrumentationScope message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.common.v1.InstrumentationScope.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes an InstrumentationScope message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.common.v1.InstrumentationScope & opentelemetry.proto.common.v1.InstrumentationScope.$Shape} InstrumentationScope
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.common.v1.InstrumentationScope & opentelemetry.proto.common.v1.InstrumentationScope.$Shape;
                }

                namespace InstrumentationScope {

                    /** Properties of an InstrumentationScope. */
                    interface $Properties {

                        /** InstrumentationScope name */
                        name?: (string|null);

                        /** InstrumentationScope version */
                        version?: (string|null);

                        /** InstrumentationScope attributes */
                        attributes?: (opentelemetry.proto.common.v1.KeyValue.$Properties[]|null);

                        /** InstrumentationScope droppedAttributesCount */
                        droppedAttributesCount?: (number|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of an InstrumentationScope. */
                    type $Shape = {
                      name?: string|null;
                      version?: string|null;
                      attributes?: opentelemetry.proto.common.v1.KeyValue.$Shape[]|null;
                      droppedAttributesCount?: number|null;
                      $unknowns?: Uint8Array[];
                    };
                }
            }
        }

        /** Namespace resource. */
        namespace resource {

            /** Namespace v1. */
            namespace v1 {

                /**
                 * Properties of a Resource.
                 * @deprecated Use opentelemetry.proto.resource.v1.Resource.$Properties instead.
                 */
                interface IResource extends opentelemetry.proto.resource.v1.Resource.$Properties {
                }

                /** Represents a Resource. */
                class Resource {

                    /**
                     * Constructs a new Resource.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.resource.v1.Resource.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** Resource attributes. */
                    attributes: opentelemetry.proto.common.v1.KeyValue.$Properties[];

                    /** Resource droppedAttributesCount. */
                    droppedAttributesCount: number;

                    /**
                     * Creates a new Resource instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns Resource instance
                     */
                    static create(properties: opentelemetry.proto.resource.v1.Resource.$Shape): opentelemetry.proto.resource.v1.Resource & opentelemetry.proto.resource.v1.Resource.$Shape;
                    static create(properties?: opentelemetry.proto.resource.v1.Resource.$Properties): opentelemetry.proto.resource.v1.Resource;

                    /**
                     * Encodes the specified Resource message. Does not implicitly {@link opentelemetry.proto.resource.v1.Resource.verify|verify} messages.
                     * @param message Resource message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.resource.v1.Resource.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a Resource message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.resource.v1.Resource & opentelemetry.proto.resource.v1.Resource.$Shape} Resource
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.resource.v1.Resource & opentelemetry.proto.resource.v1.Resource.$Shape;
                }

                namespace Resource {

                    /** Properties of a Resource. */
                    interface $Properties {

                        /** Resource attributes */
                        attributes?: (opentelemetry.proto.common.v1.KeyValue.$Properties[]|null);

                        /** Resource droppedAttributesCount */
                        droppedAttributesCount?: (number|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a Resource. */
                    type $Shape = {
                      attributes?: opentelemetry.proto.common.v1.KeyValue.$Shape[]|null;
                      droppedAttributesCount?: number|null;
                      $unknowns?: Uint8Array[];
                    };
                }
            }
        }
    }
}
