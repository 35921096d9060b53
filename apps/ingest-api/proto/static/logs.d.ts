import * as $protobuf from "protobufjs/minimal.js";
import Long = require("long");

/** Namespace opentelemetry. */
export namespace opentelemetry {

    /** Namespace proto. */
    namespace proto {

        /** Namespace collector. */
        namespace collector {

            /** Namespace logs. */
            namespace logs {

                /** Namespace v1. */
                namespace v1 {

                    /**
                     * Properties of an ExportLogsServiceRequest.
                     * @deprecated Use opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest.$Properties instead.
                     */
                    interface IExportLogsServiceRequest extends opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest.$Properties {
                    }

                    /** Represents an ExportLogsServiceRequest. */
                    class ExportLogsServiceRequest {

                        /**
                         * Constructs a new ExportLogsServiceRequest.
                         * @param [properties] Properties to set
                         */
                        constructor(properties?: opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest.$Properties);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];

                        /** ExportLogsServiceRequest resourceLogs. */
                        resourceLogs: opentelemetry.proto.logs.v1.ResourceLogs.$Properties[];

                        /**
                         * Creates a new ExportLogsServiceRequest instance using the specified properties.
                         * @param [properties] Properties to set
                         * @returns ExportLogsServiceRequest instance
                         */
                        static create(properties: opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest.$Shape): opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest & opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest.$Shape;
                        static create(properties?: opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest.$Properties): opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;

                        /**
                         * Encodes the specified ExportLogsServiceRequest message. Does not implicitly {@link opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest.verify|verify} messages.
                         * @param message ExportLogsServiceRequest message or plain object to encode
                         * @param [writer] Writer to encode to
                         * @returns Writer
                         */
                        static encode(message: opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                        /**
                         * Decodes an ExportLogsServiceRequest message from the specified reader or buffer.
                         * @param reader Reader or buffer to decode from
                         * @param [length] Message length if known beforehand
                         * @returns {opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest & opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest.$Shape} ExportLogsServiceRequest
                         * @throws {Error} If the payload is not a reader or valid buffer
                         * @throws {$protobuf.util.ProtocolError} If required fields are missing
                         */
                        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest & opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest.$Shape;
                    }

                    namespace ExportLogsServiceRequest {

                        /** Properties of an ExportLogsServiceRequest. */
                        interface $Properties {

                            /** ExportLogsServiceRequest resourceLogs */
                            resourceLogs?: (opentelemetry.proto.logs.v1.ResourceLogs.$Properties[]|null);

                            /** Unknown fields preserved while decoding when enabled */
                            $unknowns?: Uint8Array[];
                        }

                        /** Shape of an ExportLogsServiceRequest. */
                        type $Shape = {
                          resourceLogs?: opentelemetry.proto.logs.v1.ResourceLogs.$Shape[]|null;
                          $unknowns?: Uint8Array[];
                        };
                    }

                    /**
                     * Properties of an ExportLogsServiceResponse.
                     * @deprecated Use opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse.$Properties instead.
                     */
                    interface IExportLogsServiceResponse extends opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse.$Properties {
                    }

                    /** Represents an ExportLogsServiceResponse. */
                    class ExportLogsServiceResponse {

                        /**
                         * Constructs a new ExportLogsServiceResponse.
                         * @param [properties] Properties to set
                         */
                        constructor(properties?: opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse.$Properties);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];

                        /** ExportLogsServiceResponse partialSuccess. */
                        partialSuccess?: (opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess.$Properties|null);

                        /**
                         * Creates a new ExportLogsServiceResponse instance using the specified properties.
                         * @param [properties] Properties to set
                         * @returns ExportLogsServiceResponse instance
                         */
                        static create(properties: opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse.$Shape): opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse & opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse.$Shape;
                        static create(properties?: opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse.$Properties): opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse;

                        /**
                         * Encodes the specified ExportLogsServiceResponse message. Does not implicitly {@link opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse.verify|verify} messages.
                         * @param message ExportLogsServiceResponse message or plain object to encode
                         * @param [writer] Writer to encode to
                         * @returns Writer
                         */
                        static encode(message: opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                        /**
                         * Decodes an ExportLogsServiceResponse message from the specified reader or buffer.
                         * @param reader Reader or buffer to decode from
                         * @param [length] Message length if known beforehand
                         * @returns {opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse & opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse.$Shape} ExportLogsServiceResponse
                         * @throws {Error} If the payload is not a reader or valid buffer
                         * @throws {$protobuf.util.ProtocolError} If required fields are missing
                         */
                        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse & opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse.$Shape;
                    }

                    namespace ExportLogsServiceResponse {

                        /** Properties of an ExportLogsServiceResponse. */
                        interface $Properties {

                            /** ExportLogsServiceResponse partialSuccess */
                            partialSuccess?: (opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess.$Properties|null);

                            /** Unknown fields preserved while decoding when enabled */
                            $unknowns?: Uint8Array[];
                        }

                        /** Shape of an ExportLogsServiceResponse. */
                        type $Shape = opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse.$Properties;
                    }

                    /**
                     * Properties of an ExportLogsPartialSuccess.
                     * @deprecated Use opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess.$Properties instead.
                     */
                    interface IExportLogsPartialSuccess extends opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess.$Properties {
                    }

                    /** Represents an ExportLogsPartialSuccess. */
                    class ExportLogsPartialSuccess {

                        /**
                         * Constructs a new ExportLogsPartialSuccess.
                         * @param [properties] Properties to set
                         */
                        constructor(properties?: opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess.$Properties);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];

                        /** ExportLogsPartialSuccess rejectedLogRecords. */
                        rejectedLogRecords: (number|Long);

                        /** ExportLogsPartialSuccess errorMessage. */
                        errorMessage: string;

                        /**
                         * Creates a new ExportLogsPartialSuccess instance using the specified properties.
                         * @param [properties] Properties to set
                         * @returns ExportLogsPartialSuccess instance
                         */
                        static create(properties: opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess.$Shape): opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess & opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess.$Shape;
                        static create(properties?: opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess.$Properties): opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess;

                        /**
                         * Encodes the specified ExportLogsPartialSuccess message. Does not implicitly {@link opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess.verify|verify} messages.
                         * @param message ExportLogsPartialSuccess message or plain object to encode
                         * @param [writer] Writer to encode to
                         * @returns Writer
                         */
                        static encode(message: opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                        /**
                         * Decodes an ExportLogsPartialSuccess message from the specified reader or buffer.
                         * @param reader Reader or buffer to decode from
                         * @param [length] Message length if known beforehand
                         * @returns {opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess & opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess.$Shape} ExportLogsPartialSuccess
                         * @throws {Error} If the payload is not a reader or valid buffer
                         * @throws {$protobuf.util.ProtocolError} If required fields are missing
                         */
                        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess & opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess.$Shape;
                    }

                    namespace ExportLogsPartialSuccess {

                        /** Properties of an ExportLogsPartialSuccess. */
                        interface $Properties {

                            /** ExportLogsPartialSuccess rejectedLogRecords */
                            rejectedLogRecords?: (number|Long|null);

                            /** ExportLogsPartialSuccess errorMessage */
                            errorMessage?: (string|null);

                            /** Unknown fields preserved while decoding when enabled */
                            $unknowns?: Uint8Array[];
                        }

                        /** Shape of an ExportLogsPartialSuccess. */
                        type $Shape = opentelemetry.proto.collector.logs.v1.ExportLogsPartialSuccess.$Properties;
                    }
                }
            }
        }

        /** Namespace logs. */
        namespace logs {

            /** Namespace v1. */
            namespace v1 {

                /**
                 * Properties of a LogsData.
                 * @deprecated Use opentelemetry.proto.logs.v1.LogsData.$Properties instead.
                 */
                interface ILogsData extends opentelemetry.proto.logs.v1.LogsData.$Properties {
                }

                /** Represents a LogsData. */
                class LogsData {

                    /**
                     * Constructs a new LogsData.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.logs.v1.LogsData.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** LogsData resourceLogs. */
                    resourceLogs: opentelemetry.proto.logs.v1.ResourceLogs.$Properties[];

                    /**
                     * Creates a new LogsData instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns LogsData instance
                     */
                    static create(properties: opentelemetry.proto.logs.v1.LogsData.$Shape): opentelemetry.proto.logs.v1.LogsData & opentelemetry.proto.logs.v1.LogsData.$Shape;
                    static create(properties?: opentelemetry.proto.logs.v1.LogsData.$Properties): opentelemetry.proto.logs.v1.LogsData;

                    /**
                     * Encodes the specified LogsData message. Does not implicitly {@link opentelemetry.proto.logs.v1.LogsData.verify|verify} messages.
                     * @param message LogsData message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.logs.v1.LogsData.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a LogsData message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.logs.v1.LogsData & opentelemetry.proto.logs.v1.LogsData.$Shape} LogsData
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.logs.v1.LogsData & opentelemetry.proto.logs.v1.LogsData.$Shape;
                }

                namespace LogsData {

                    /** Properties of a LogsData. */
                    interface $Properties {

                        /** LogsData resourceLogs */
                        resourceLogs?: (opentelemetry.proto.logs.v1.ResourceLogs.$Properties[]|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a LogsData. */
                    type $Shape = {
                      resourceLogs?: opentelemetry.proto.logs.v1.ResourceLogs.$Shape[]|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /**
                 * Properties of a ResourceLogs.
                 * @deprecated Use opentelemetry.proto.logs.v1.ResourceLogs.$Properties instead.
                 */
                interface IResourceLogs extends opentelemetry.proto.logs.v1.ResourceLogs.$Properties {
                }

                /** Represents a ResourceLogs. */
                class ResourceLogs {

                    /**
                     * Constructs a new ResourceLogs.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.logs.v1.ResourceLogs.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** ResourceLogs resource. */
                    resource?: (opentelemetry.proto.resource.v1.Resource.$Properties|null);

                    /** ResourceLogs scopeLogs. */
                    scopeLogs: opentelemetry.proto.logs.v1.ScopeLogs.$Properties[];

                    /** ResourceLogs schemaUrl. */
                    schemaUrl: string;

                    /**
                     * Creates a new ResourceLogs instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns ResourceLogs instance
                     */
                    static create(properties: opentelemetry.proto.logs.v1.ResourceLogs.$Shape): opentelemetry.proto.logs.v1.ResourceLogs & opentelemetry.proto.logs.v1.ResourceLogs.$Shape;
                    static create(properties?: opentelemetry.proto.logs.v1.ResourceLogs.$Properties): opentelemetry.proto.logs.v1.ResourceLogs;

                    /**
                     * Encodes the specified ResourceLogs message. Does not implicitly {@link opentelemetry.proto.logs.v1.ResourceLogs.verify|verify} messages.
                     * @param message ResourceLogs message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.logs.v1.ResourceLogs.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a ResourceLogs message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.logs.v1.ResourceLogs & opentelemetry.proto.logs.v1.ResourceLogs.$Shape} ResourceLogs
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.logs.v1.ResourceLogs & opentelemetry.proto.logs.v1.ResourceLogs.$Shape;
                }

                namespace ResourceLogs {

                    /** Properties of a ResourceLogs. */
                    interface $Properties {

                        /** ResourceLogs resource */
                        resource?: (opentelemetry.proto.resource.v1.Resource.$Properties|null);

                        /** ResourceLogs scopeLogs */
                        scopeLogs?: (opentelemetry.proto.logs.v1.ScopeLogs.$Properties[]|null);

                        /** ResourceLogs schemaUrl */
                        schemaUrl?: (string|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a ResourceLogs. */
                    type $Shape = {
                      resource?: opentelemetry.proto.resource.v1.Resource.$Shape|null;
                      scopeLogs?: opentelemetry.proto.logs.v1.ScopeLogs.$Shape[]|null;
                      schemaUrl?: string|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /**
                 * Properties of a ScopeLogs.
                 * @deprecated Use opentelemetry.proto.logs.v1.ScopeLogs.$Properties instead.
                 */
                interface IScopeLogs extends opentelemetry.proto.logs.v1.ScopeLogs.$Properties {
                }

                /** Represents a ScopeLogs. */
                class ScopeLogs {

                    /**
                     * Constructs a new ScopeLogs.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.logs.v1.ScopeLogs.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** ScopeLogs scope. */
                    scope?: (opentelemetry.proto.common.v1.InstrumentationScope.$Properties|null);

                    /** ScopeLogs logRecords. */
                    logRecords: opentelemetry.proto.logs.v1.LogRecord.$Properties[];

                    /** ScopeLogs schemaUrl. */
                    schemaUrl: string;

                    /**
                     * Creates a new ScopeLogs instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns ScopeLogs instance
                     */
                    static create(properties: opentelemetry.proto.logs.v1.ScopeLogs.$Shape): opentelemetry.proto.logs.v1.ScopeLogs & opentelemetry.proto.logs.v1.ScopeLogs.$Shape;
                    static create(properties?: opentelemetry.proto.logs.v1.ScopeLogs.$Properties): opentelemetry.proto.logs.v1.ScopeLogs;

                    /**
                     * Encodes the specified ScopeLogs message. Does not implicitly {@link opentelemetry.proto.logs.v1.ScopeLogs.verify|verify} messages.
                     * @param message ScopeLogs message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.logs.v1.ScopeLogs.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a ScopeLogs message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.logs.v1.ScopeLogs & opentelemetry.proto.logs.v1.ScopeLogs.$Shape} ScopeLogs
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.logs.v1.ScopeLogs & opentelemetry.proto.logs.v1.ScopeLogs.$Shape;
                }

                namespace ScopeLogs {

                    /** Properties of a ScopeLogs. */
                    interface $Properties {

                        /** ScopeLogs scope */
                        scope?: (opentelemetry.proto.common.v1.InstrumentationScope.$Properties|null);

                        /** ScopeLogs logRecords */
                        logRecords?: (opentelemetry.proto.logs.v1.LogRecord.$Properties[]|null);

                        /** ScopeLogs schemaUrl */
                        schemaUrl?: (string|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a ScopeLogs. */
                    type $Shape = {
                      scope?: opentelemetry.proto.common.v1.InstrumentationScope.$Shape|null;
                      logRecords?: opentelemetry.proto.logs.v1.LogRecord.$Shape[]|null;
                      schemaUrl?: string|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /** SeverityNumber enum. */
                enum SeverityNumber {

                    /** SEVERITY_NUMBER_UNSPECIFIED value */
                    SEVERITY_NUMBER_UNSPECIFIED = 0,

                    /** SEVERITY_NUMBER_TRACE value */
                    SEVERITY_NUMBER_TRACE = 1,

                    /** SEVERITY_NUMBER_TRACE2 value */
                    SEVERITY_NUMBER_TRACE2 = 2,

                    /** SEVERITY_NUMBER_TRACE3 value */
                    SEVERITY_NUMBER_TRACE3 = 3,

                    /** SEVERITY_NUMBER_TRACE4 value */
                    SEVERITY_NUMBER_TRACE4 = 4,

                    /** SEVERITY_NUMBER_DEBUG value */
                    SEVERITY_NUMBER_DEBUG = 5,

                    /** SEVERITY_NUMBER_DEBUG2 value */
                    SEVERITY_NUMBER_DEBUG2 = 6,

                    /** SEVERITY_NUMBER_DEBUG3 value */
                    SEVERITY_NUMBER_DEBUG3 = 7,

                    /** SEVERITY_NUMBER_DEBUG4 value */
                    SEVERITY_NUMBER_DEBUG4 = 8,

                    /** SEVERITY_NUMBER_INFO value */
                    SEVERITY_NUMBER_INFO = 9,

                    /** SEVERITY_NUMBER_INFO2 value */
                    SEVERITY_NUMBER_INFO2 = 10,

                    /** SEVERITY_NUMBER_INFO3 value */
                    SEVERITY_NUMBER_INFO3 = 11,

                    /** SEVERITY_NUMBER_INFO4 value */
                    SEVERITY_NUMBER_INFO4 = 12,

                    /** SEVERITY_NUMBER_WARN value */
                    SEVERITY_NUMBER_WARN = 13,

                    /** SEVERITY_NUMBER_WARN2 value */
                    SEVERITY_NUMBER_WARN2 = 14,

                    /** SEVERITY_NUMBER_WARN3 value */
                    SEVERITY_NUMBER_WARN3 = 15,

                    /** SEVERITY_NUMBER_WARN4 value */
                    SEVERITY_NUMBER_WARN4 = 16,

                    /** SEVERITY_NUMBER_ERROR value */
                    SEVERITY_NUMBER_ERROR = 17,

                    /** SEVERITY_NUMBER_ERROR2 value */
                    SEVERITY_NUMBER_ERROR2 = 18,

                    /** SEVERITY_NUMBER_ERROR3 value */
                    SEVERITY_NUMBER_ERROR3 = 19,

                    /** SEVERITY_NUMBER_ERROR4 value */
                    SEVERITY_NUMBER_ERROR4 = 20,

                    /** SEVERITY_NUMBER_FATAL value */
                    SEVERITY_NUMBER_FATAL = 21,

                    /** SEVERITY_NUMBER_FATAL2 value */
                    SEVERITY_NUMBER_FATAL2 = 22,

                    /** SEVERITY_NUMBER_FATAL3 value */
                    SEVERITY_NUMBER_FATAL3 = 23,

                    /** SEVERITY_NUMBER_FATAL4 value */
                    SEVERITY_NUMBER_FATAL4 = 24
                }

                /** LogRecordFlags enum. */
                enum LogRecordFlags {

                    /** LOG_RECORD_FLAGS_DO_NOT_USE value */
                    LOG_RECORD_FLAGS_DO_NOT_USE = 0,

                    /** LOG_RECORD_FLAGS_TRACE_FLAGS_MASK value */
                    LOG_RECORD_FLAGS_TRACE_FLAGS_MASK = 255
                }

                /**
                 * Properties of a LogRecord.
                 * @deprecated Use opentelemetry.proto.logs.v1.LogRecord.$Properties instead.
                 */
                interface ILogRecord extends opentelemetry.proto.logs.v1.LogRecord.$Properties {
                }

                /** Represents a LogRecord. */
                class LogRecord {

                    /**
                     * Constructs a new LogRecord.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.logs.v1.LogRecord.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** LogRecord timeUnixNano. */
                    timeUnixNano: (number|Long);

                    /** LogRecord observedTimeUnixNano. */
                    observedTimeUnixNano: (number|Long);

                    /** LogRecord severityNumber. */
                    severityNumber: opentelemetry.proto.logs.v1.SeverityNumber;

                    /** LogRecord severityText. */
                    severityText: string;

                    /** LogRecord body. */
                    body?: (opentelemetry.proto.common.v1.AnyValue.$Properties|null);

                    /** LogRecord attributes. */
                    attributes: opentelemetry.proto.common.v1.KeyValue.$Properties[];

                    /** LogRecord droppedAttributesCount. */
                    droppedAttributesCount: number;

                    /** LogRecord flags. */
                    flags: number;

                    /** LogRecord traceId. */
                    traceId: Uint8Array;

                    /** LogRecord spanId. */
                    spanId: Uint8Array;

                    /** LogRecord eventName. */
                    eventName: string;

                    /**
                     * Creates a new LogRecord instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns LogRecord instance
                     */
                    static create(properties: opentelemetry.proto.logs.v1.LogRecord.$Shape): opentelemetry.proto.logs.v1.LogRecord & opentelemetry.proto.logs.v1.LogRecord.$Shape;
                    static create(properties?: opentelemetry.proto.logs.v1.LogRecord.$Properties): opentelemetry.proto.logs.v1.LogRecord;

                    /**
                     * Encodes the specified LogRecord message. Does not implicitly {@link opentelemetry.proto.logs.v1.LogRecord.verify|verify} messages.
                     * @param message LogRecord message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.logs.v1.LogRecord.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a LogRecord message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.logs.v1.LogRecord & opentelemetry.proto.logs.v1.LogRecord.$Shape} LogRecord
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.logs.v1.LogRecord & opentelemetry.proto.logs.v1.LogRecord.$Shape;
                }

                namespace LogRecord {

                    /** Properties of a LogRecord. */
                    interface $Properties {

                        /** LogRecord timeUnixNano */
                        timeUnixNano?: (number|Long|null);

                        /** LogRecord observedTimeUnixNano */
                        observedTimeUnixNano?: (number|Long|null);

                        /** LogRecord severityNumber */
                        severityNumber?: (opentelemetry.proto.logs.v1.SeverityNumber|null);

                        /** LogRecord severityText */
                        severityText?: (string|null);

                        /** LogRecord body */
                        body?: (opentelemetry.proto.common.v1.AnyValue.$Properties|null);

                        /** LogRecord attributes */
                        attributes?: (opentelemetry.proto.common.v1.KeyValue.$Properties[]|null);

                        /** LogRecord droppedAttributesCount */
                        droppedAttributesCount?: (number|null);

                        /** LogRecord flags */
                        flags?: (number|null);

                        /** LogRecord traceId */
                        traceId?: (Uint8Array|null);

                        /** LogRecord spanId */
                        spanId?: (Uint8Array|null);

                        /** LogRecord eventName */
                        eventName?: (string|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a LogRecord. */
                    type $Shape = {
                      timeUnixNano?: number|Long|null;
                      observedTimeUnixNano?: number|Long|null;
                      severityNumber?: opentelemetry.proto.logs.v1.SeverityNumber|null;
                      severityText?: string|null;
                      body?: opentelemetry.proto.common.v1.AnyValue.$Shape|null;
                      attributes?: opentelemetry.proto.common.v1.KeyValue.$Shape[]|null;
                      droppedAttributesCount?: number|null;
                      flags?: number|null;
                      traceId?: Uint8Array|null;
                      spanId?: Uint8Array|null;
                      eventName?: string|null;
                      $unknowns?: Uint8Array[];
                    };
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
