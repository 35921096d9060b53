import * as $protobuf from "protobufjs/minimal.js";
import Long = require("long");

/** Namespace opentelemetry. */
export namespace opentelemetry {

    /** Namespace proto. */
    namespace proto {

        /** Namespace collector. */
        namespace collector {

            /** Namespace metrics. */
            namespace metrics {

                /** Namespace v1. */
                namespace v1 {

                    /**
                     * Properties of an ExportMetricsServiceRequest.
                     * @deprecated Use opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest.$Properties instead.
                     */
                    interface IExportMetricsServiceRequest extends opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest.$Properties {
                    }

                    /** Represents an ExportMetricsServiceRequest. */
                    class ExportMetricsServiceRequest {

                        /**
                         * Constructs a new ExportMetricsServiceRequest.
                         * @param [properties] Properties to set
                         */
                        constructor(properties?: opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest.$Properties);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];

                        /** ExportMetricsServiceRequest resourceMetrics. */
                        resourceMetrics: opentelemetry.proto.metrics.v1.ResourceMetrics.$Properties[];

                        /**
                         * Creates a new ExportMetricsServiceRequest instance using the specified properties.
                         * @param [properties] Properties to set
                         * @returns ExportMetricsServiceRequest instance
                         */
                        static create(properties: opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest.$Shape): opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest & opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest.$Shape;
                        static create(properties?: opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest.$Properties): opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;

                        /**
                         * Encodes the specified ExportMetricsServiceRequest message. Does not implicitly {@link opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest.verify|verify} messages.
                         * @param message ExportMetricsServiceRequest message or plain object to encode
                         * @param [writer] Writer to encode to
                         * @returns Writer
                         */
                        static encode(message: opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                        /**
                         * Decodes an ExportMetricsServiceRequest message from the specified reader or buffer.
                         * @param reader Reader or buffer to decode from
                         * @param [length] Message length if known beforehand
                         * @returns {opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest & opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest.$Shape} ExportMetricsServiceRequest
                         * @throws {Error} If the payload is not a reader or valid buffer
                         * @throws {$protobuf.util.ProtocolError} If required fields are missing
                         */
                        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest & opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest.$Shape;
                    }

                    namespace ExportMetricsServiceRequest {

                        /** Properties of an ExportMetricsServiceRequest. */
                        interface $Properties {

                            /** ExportMetricsServiceRequest resourceMetrics */
                            resourceMetrics?: (opentelemetry.proto.metrics.v1.ResourceMetrics.$Properties[]|null);

                            /** Unknown fields preserved while decoding when enabled */
                            $unknowns?: Uint8Array[];
                        }

                        /** Shape of an ExportMetricsServiceRequest. */
                        type $Shape = {
                          resourceMetrics?: opentelemetry.proto.metrics.v1.ResourceMetrics.$Shape[]|null;
                          $unknowns?: Uint8Array[];
                        };
                    }

                    /**
                     * Properties of an ExportMetricsServiceResponse.
                     * @deprecated Use opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse.$Properties instead.
                     */
                    interface IExportMetricsServiceResponse extends opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse.$Properties {
                    }

                    /** Represents an ExportMetricsServiceResponse. */
                    class ExportMetricsServiceResponse {

                        /**
                         * Constructs a new ExportMetricsServiceResponse.
                         * @param [properties] Properties to set
                         */
                        constructor(properties?: opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse.$Properties);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];

                        /** ExportMetricsServiceResponse partialSuccess. */
                        partialSuccess?: (opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess.$Properties|null);

                        /**
                         * Creates a new ExportMetricsServiceResponse instance using the specified properties.
                         * @param [properties] Properties to set
                         * @returns ExportMetricsServiceResponse instance
                         */
                        static create(properties: opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse.$Shape): opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse & opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse.$Shape;
                        static create(properties?: opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse.$Properties): opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse;

                        /**
                         * Encodes the specified ExportMetricsServiceResponse message. Does not implicitly {@link opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse.verify|verify} messages.
                         * @param message ExportMetricsServiceResponse message or plain object to encode
                         * @param [writer] Writer to encode to
                         * @returns Writer
                         */
                        static encode(message: opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                        /**
                         * Decodes an ExportMetricsServiceResponse message from the specified reader or buffer.
                         * @param reader Reader or buffer to decode from
                         * @param [length] Message length if known beforehand
                         * @returns {opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse & opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse.$Shape} ExportMetricsServiceResponse
                         * @throws {Error} If the payload is not a reader or valid buffer
                         * @throws {$protobuf.util.ProtocolError} If required fields are missing
                         */
                        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse & opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse.$Shape;
                    }

                    namespace ExportMetricsServiceResponse {

                        /** Properties of an ExportMetricsServiceResponse. */
                        interface $Properties {

                            /** ExportMetricsServiceResponse partialSuccess */
                            partialSuccess?: (opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess.$Properties|null);

                            /** Unknown fields preserved while decoding when enabled */
                            $unknowns?: Uint8Array[];
                        }

                        /** Shape of an ExportMetricsServiceResponse. */
                        type $Shape = opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse.$Properties;
                    }

                    /**
                     * Properties of an ExportMetricsPartialSuccess.
                     * @deprecated Use opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess.$Properties instead.
                     */
                    interface IExportMetricsPartialSuccess extends opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess.$Properties {
                    }

                    /** Represents an ExportMetricsPartialSuccess. */
                    class ExportMetricsPartialSuccess {

                        /**
                         * Constructs a new ExportMetricsPartialSuccess.
                         * @param [properties] Properties to set
                         */
                        constructor(properties?: opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess.$Properties);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];

                        /** ExportMetricsPartialSuccess rejectedDataPoints. */
                        rejectedDataPoints: (number|Long);

                        /** ExportMetricsPartialSuccess errorMessage. */
                        errorMessage: string;

                        /**
                         * Creates a new ExportMetricsPartialSuccess instance using the specified properties.
                         * @param [properties] Properties to set
                         * @returns ExportMetricsPartialSuccess instance
                         */
                        static create(properties: opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess.$Shape): opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess & opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess.$Shape;
                        static create(properties?: opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess.$Properties): opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess;

                        /**
                         * Encodes the specified ExportMetricsPartialSuccess message. Does not implicitly {@link opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess.verify|verify} messages.
                         * @param message ExportMetricsPartialSuccess message or plain object to encode
                         * @param [writer] Writer to encode to
                         * @returns Writer
                         */
                        static encode(message: opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                        /**
                         * Decodes an ExportMetricsPartialSuccess message from the specified reader or buffer.
                         * @param reader Reader or buffer to decode from
                         * @param [length] Message length if known beforehand
                         * @returns {opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess & opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess.$Shape} ExportMetricsPartialSuccess
                         * @throws {Error} If the payload is not a reader or valid buffer
                         * @throws {$protobuf.util.ProtocolError} If required fields are missing
                         */
                        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess & opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess.$Shape;
                    }

                    namespace ExportMetricsPartialSuccess {

                        /** Properties of an ExportMetricsPartialSuccess. */
                        interface $Properties {

                            /** ExportMetricsPartialSuccess rejectedDataPoints */
                            rejectedDataPoints?: (number|Long|null);

                            /** ExportMetricsPartialSuccess errorMessage */
                            errorMessage?: (string|null);

                            /** Unknown fields preserved while decoding when enabled */
                            $unknowns?: Uint8Array[];
                        }

                        /** Shape of an ExportMetricsPartialSuccess. */
                        type $Shape = opentelemetry.proto.collector.metrics.v1.ExportMetricsPartialSuccess.$Properties;
                    }
                }
            }
        }

        /** Namespace metrics. */
        namespace metrics {

            /** Namespace v1. */
            namespace v1 {

                /**
                 * Properties of a MetricsData.
                 * @deprecated Use opentelemetry.proto.metrics.v1.MetricsData.$Properties instead.
                 */
                interface IMetricsData extends opentelemetry.proto.metrics.v1.MetricsData.$Properties {
                }

                /** Represents a MetricsData. */
                class MetricsData {

                    /**
                     * Constructs a new MetricsData.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.metrics.v1.MetricsData.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** MetricsData resourceMetrics. */
                    resourceMetrics: opentelemetry.proto.metrics.v1.ResourceMetrics.$Properties[];

                    /**
                     * Creates a new MetricsData instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns MetricsData instance
                     */
                    static create(properties: opentelemetry.proto.metrics.v1.MetricsData.$Shape): opentelemetry.proto.metrics.v1.MetricsData & opentelemetry.proto.metrics.v1.MetricsData.$Shape;
                    static create(properties?: opentelemetry.proto.metrics.v1.MetricsData.$Properties): opentelemetry.proto.metrics.v1.MetricsData;

                    /**
                     * Encodes the specified MetricsData message. Does not implicitly {@link opentelemetry.proto.metrics.v1.MetricsData.verify|verify} messages.
                     * @param message MetricsData message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.metrics.v1.MetricsData.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a MetricsData message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.metrics.v1.MetricsData & opentelemetry.proto.metrics.v1.MetricsData.$Shape} MetricsData
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.metrics.v1.MetricsData & opentelemetry.proto.metrics.v1.MetricsData.$Shape;
                }

                namespace MetricsData {

                    /** Properties of a MetricsData. */
                    interface $Properties {

                        /** MetricsData resourceMetrics */
                        resourceMetrics?: (opentelemetry.proto.metrics.v1.ResourceMetrics.$Properties[]|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a MetricsData. */
                    type $Shape = {
                      resourceMetrics?: opentelemetry.proto.metrics.v1.ResourceMetrics.$Shape[]|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /**
                 * Properties of a ResourceMetrics.
                 * @deprecated Use opentelemetry.proto.metrics.v1.ResourceMetrics.$Properties instead.
                 */
                interface IResourceMetrics extends opentelemetry.proto.metrics.v1.ResourceMetrics.$Properties {
                }

                /** Represents a ResourceMetrics. */
                class ResourceMetrics {

                    /**
                     * Constructs a new ResourceMetrics.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.metrics.v1.ResourceMetrics.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** ResourceMetrics resource. */
                    resource?: (opentelemetry.proto.resource.v1.Resource.$Properties|null);

                    /** ResourceMetrics scopeMetrics. */
                    scopeMetrics: opentelemetry.proto.metrics.v1.ScopeMetrics.$Properties[];

                    /** ResourceMetrics schemaUrl. */
                    schemaUrl: string;

                    /**
                     * Creates a new ResourceMetrics instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns ResourceMetrics instance
                     */
                    static create(properties: opentelemetry.proto.metrics.v1.ResourceMetrics.$Shape): opentelemetry.proto.metrics.v1.ResourceMetrics & opentelemetry.proto.metrics.v1.ResourceMetrics.$Shape;
                    static create(properties?: opentelemetry.proto.metrics.v1.ResourceMetrics.$Properties): opentelemetry.proto.metrics.v1.ResourceMetrics;

                    /**
                     * Encodes the specified ResourceMetrics message. Does not implicitly {@link opentelemetry.proto.metrics.v1.ResourceMetrics.verify|verify} messages.
                     * @param message ResourceMetrics message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.metrics.v1.ResourceMetrics.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a ResourceMetrics message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.metrics.v1.ResourceMetrics & opentelemetry.proto.metrics.v1.ResourceMetrics.$Shape} ResourceMetrics
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.metrics.v1.ResourceMetrics & opentelemetry.proto.metrics.v1.ResourceMetrics.$Shape;
                }

                namespace ResourceMetrics {

                    /** Properties of a ResourceMetrics. */
                    interface $Properties {

                        /** ResourceMetrics resource */
                        resource?: (opentelemetry.proto.resource.v1.Resource.$Properties|null);

                        /** ResourceMetrics scopeMetrics */
                        scopeMetrics?: (opentelemetry.proto.metrics.v1.ScopeMetrics.$Properties[]|null);

                        /** ResourceMetrics schemaUrl */
                        schemaUrl?: (string|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a ResourceMetrics. */
                    type $Shape = {
                      resource?: opentelemetry.proto.resource.v1.Resource.$Shape|null;
                      scopeMetrics?: opentelemetry.proto.metrics.v1.ScopeMetrics.$Shape[]|null;
                      schemaUrl?: string|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /**
                 * Properties of a ScopeMetrics.
                 * @deprecated Use opentelemetry.proto.metrics.v1.ScopeMetrics.$Properties instead.
                 */
                interface IScopeMetrics extends opentelemetry.proto.metrics.v1.ScopeMetrics.$Properties {
                }

                /** Represents a ScopeMetrics. */
                class ScopeMetrics {

                    /**
                     * Constructs a new ScopeMetrics.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.metrics.v1.ScopeMetrics.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** ScopeMetrics scope. */
                    scope?: (opentelemetry.proto.common.v1.InstrumentationScope.$Properties|null);

                    /** ScopeMetrics metrics. */
                    metrics: opentelemetry.proto.metrics.v1.Metric.$Properties[];

                    /** ScopeMetrics schemaUrl. */
                    schemaUrl: string;

                    /**
                     * Creates a new ScopeMetrics instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns ScopeMetrics instance
                     */
                    static create(properties: opentelemetry.proto.metrics.v1.ScopeMetrics.$Shape): opentelemetry.proto.metrics.v1.ScopeMetrics & opentelemetry.proto.metrics.v1.ScopeMetrics.$Shape;
                    static create(properties?: opentelemetry.proto.metrics.v1.ScopeMetrics.$Properties): opentelemetry.proto.metrics.v1.ScopeMetrics;

                    /**
                     * Encodes the specified ScopeMetrics message. Does not implicitly {@link opentelemetry.proto.metrics.v1.ScopeMetrics.verify|verify} messages.
                     * @param message ScopeMetrics message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.metrics.v1.ScopeMetrics.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a ScopeMetrics message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.metrics.v1.ScopeMetrics & opentelemetry.proto.metrics.v1.ScopeMetrics.$Shape} ScopeMetrics
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.metrics.v1.ScopeMetrics & opentelemetry.proto.metrics.v1.ScopeMetrics.$Shape;
                }

                namespace ScopeMetrics {

                    /** Properties of a ScopeMetrics. */
                    interface $Properties {

                        /** ScopeMetrics scope */
                        scope?: (opentelemetry.proto.common.v1.InstrumentationScope.$Properties|null);

                        /** ScopeMetrics metrics */
                        metrics?: (opentelemetry.proto.metrics.v1.Metric.$Properties[]|null);

                        /** ScopeMetrics schemaUrl */
                        schemaUrl?: (string|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a ScopeMetrics. */
                    type $Shape = {
                      scope?: opentelemetry.proto.common.v1.InstrumentationScope.$Shape|null;
                      metrics?: opentelemetry.proto.metrics.v1.Metric.$Shape[]|null;
                      schemaUrl?: string|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /**
                 * Properties of a Metric.
                 * @deprecated Use opentelemetry.proto.metrics.v1.Metric.$Properties instead.
                 */
                interface IMetric extends opentelemetry.proto.metrics.v1.Metric.$Properties {
                }

                /** Represents a Metric. */
                class Metric {

                    /**
                     * Constructs a new Metric.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.metrics.v1.Metric.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** Metric name. */
                    name: string;

                    /** Metric description. */
                    description: string;

                    /** Metric unit. */
                    unit: string;

                    /** Metric gauge. */
                    gauge?: (opentelemetry.proto.metrics.v1.Gauge.$Properties|null);

                    /** Metric sum. */
                    sum?: (opentelemetry.proto.metrics.v1.Sum.$Properties|null);

                    /** Metric histogram. */
                    histogram?: (opentelemetry.proto.metrics.v1.Histogram.$Properties|null);

                    /** Metric exponentialHistogram. */
                    exponentialHistogram?: (opentelemetry.proto.metrics.v1.ExponentialHistogram.$Properties|null);

                    /** Metric summary. */
                    summary?: (opentelemetry.proto.metrics.v1.Summary.$Properties|null);

                    /** Metric metadata. */
                    metadata: opentelemetry.proto.common.v1.KeyValue.$Properties[];

                    /** Metric data. */
                    data?: ("gauge"|"sum"|"histogram"|"exponentialHistogram"|"summary");

                    /**
                     * Creates a new Metric instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns Metric instance
                     */
                    static create(properties: opentelemetry.proto.metrics.v1.Metric.$Shape): opentelemetry.proto.metrics.v1.Metric & opentelemetry.proto.metrics.v1.Metric.$Shape;
                    static create(properties?: opentelemetry.proto.metrics.v1.Metric.$Properties): opentelemetry.proto.metrics.v1.Metric;

                    /**
                     * Encodes the specified Metric message. Does not implicitly {@link opentelemetry.proto.metrics.v1.Metric.verify|verify} messages.
                     * @param message Metric message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.metrics.v1.Metric.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a Metric message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.metrics.v1.Metric & opentelemetry.proto.metrics.v1.Metric.$Shape} Metric
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.metrics.v1.Metric & opentelemetry.proto.metrics.v1.Metric.$Shape;
                }

                namespace Metric {

                    /** Properties of a Metric. */
                    interface $Properties {

                        /** Metric name */
                        name?: (string|null);

                        /** Metric description */
                        description?: (string|null);

                        /** Metric unit */
                        unit?: (string|null);

                        /** Metric gauge */
                        gauge?: (opentelemetry.proto.metrics.v1.Gauge.$Properties|null);

                        /** Metric sum */
                        sum?: (opentelemetry.proto.metrics.v1.Sum.$Properties|null);

                        /** Metric histogram */
                        histogram?: (opentelemetry.proto.metrics.v1.Histogram.$Properties|null);

                        /** Metric exponentialHistogram */
                        exponentialHistogram?: (opentelemetry.proto.metrics.v1.ExponentialHistogram.$Properties|null);

                        /** Metric summary */
                        summary?: (opentelemetry.proto.metrics.v1.Summary.$Properties|null);

                        /** Metric metadata */
                        metadata?: (opentelemetry.proto.common.v1.KeyValue.$Properties[]|null);

                        /** Metric data */
                        data?: ("gauge"|"sum"|"histogram"|"exponentialHistogram"|"summary");

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Narrowed shape of a Metric. */
                    type $Shape = {
                      name?: string|null;
                      description?: string|null;
                      unit?: string|null;
                      gauge?: opentelemetry.proto.metrics.v1.Gauge.$Shape|null;
                      sum?: opentelemetry.proto.metrics.v1.Sum.$Shape|null;
                      histogram?: opentelemetry.proto.metrics.v1.Histogram.$Shape|null;
                      exponentialHistogram?: opentelemetry.proto.metrics.v1.ExponentialHistogram.$Shape|null;
                      summary?: opentelemetry.proto.metrics.v1.Summary.$Shape|null;
                      metadata?: opentelemetry.proto.common.v1.KeyValue.$Shape[]|null;
                      $unknowns?: Uint8Array[];
                    } & (
                      ({ data?: undefined; gauge?: null; sum?: null; histogram?: null; exponentialHistogram?: null; summary?: null }|{ data?: "gauge"; gauge: opentelemetry.proto.metrics.v1.Gauge.$Shape; sum?: null; histogram?: null; exponentialHistogram?: null; summary?: null }|{ data?: "sum"; gauge?: null; sum: opentelemetry.proto.metrics.v1.Sum.$Shape; histogram?: null; exponentialHistogram?: null; summary?: null }|{ data?: "histogram"; gauge?: null; sum?: null; histogram: opentelemetry.proto.metrics.v1.Histogram.$Shape; exponentialHistogram?: null; summary?: null }|{ data?: "exponentialHistogram"; gauge?: null; sum?: null; histogram?: null; exponentialHistogram: opentelemetry.proto.metrics.v1.ExponentialHistogram.$Shape; summary?: null }|{ data?: "summary"; gauge?: null; sum?: null; histogram?: null; exponentialHistogram?: null; summary: opentelemetry.proto.metrics.v1.Summary.$Shape })
                    );
                }

                /**
                 * Properties of a Gauge.
                 * @deprecated Use opentelemetry.proto.metrics.v1.Gauge.$Properties instead.
                 */
                interface IGauge extends opentelemetry.proto.metrics.v1.Gauge.$Properties {
                }

                /** Represents a Gauge. */
                class Gauge {

                    /**
                     * Constructs a new Gauge.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.metrics.v1.Gauge.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** Gauge dataPoints. */
                    dataPoints: opentelemetry.proto.metrics.v1.NumberDataPoint.$Properties[];

                    /**
                     * Creates a new Gauge instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns Gauge instance
                     */
                    static create(properties: opentelemetry.proto.metrics.v1.Gauge.$Shape): opentelemetry.proto.metrics.v1.Gauge & opentelemetry.proto.metrics.v1.Gauge.$Shape;
                    static create(properties?: opentelemetry.proto.metrics.v1.Gauge.$Properties): opentelemetry.proto.metrics.v1.Gauge;

                    /**
                     * Encodes the specified Gauge message. Does not implicitly {@link opentelemetry.proto.metrics.v1.Gauge.verify|verify} messages.
                     * @param message Gauge message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.metrics.v1.Gauge.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a Gauge message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.metrics.v1.Gauge & opentelemetry.proto.metrics.v1.Gauge.$Shape} Gauge
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.metrics.v1.Gauge & opentelemetry.proto.metrics.v1.Gauge.$Shape;
                }

                namespace Gauge {

                    /** Properties of a Gauge. */
                    interface $Properties {

                        /** Gauge dataPoints */
                        dataPoints?: (opentelemetry.proto.metrics.v1.NumberDataPoint.$Properties[]|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a Gauge. */
                    type $Shape = {
                      dataPoints?: opentelemetry.proto.metrics.v1.NumberDataPoint.$Shape[]|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /**
                 * Properties of a Sum.
                 * @deprecated Use opentelemetry.proto.metrics.v1.Sum.$Properties instead.
                 */
                interface ISum extends opentelemetry.proto.metrics.v1.Sum.$Properties {
                }

                /** Represents a Sum. */
                class Sum {

                    /**
                     * Constructs a new Sum.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.metrics.v1.Sum.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** Sum dataPoints. */
                    dataPoints: opentelemetry.proto.metrics.v1.NumberDataPoint.$Properties[];

                    /** Sum aggregationTemporality. */
                    aggregationTemporality: opentelemetry.proto.metrics.v1.AggregationTemporality;

                    /** Sum isMonotonic. */
                    isMonotonic: boolean;

                    /**
                     * Creates a new Sum instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns Sum instance
                     */
                    static create(properties: opentelemetry.proto.metrics.v1.Sum.$Shape): opentelemetry.proto.metrics.v1.Sum & opentelemetry.proto.metrics.v1.Sum.$Shape;
                    static create(properties?: opentelemetry.proto.metrics.v1.Sum.$Properties): opentelemetry.proto.metrics.v1.Sum;

                    /**
                     * Encodes the specified Sum message. Does not implicitly {@link opentelemetry.proto.metrics.v1.Sum.verify|verify} messages.
                     * @param message Sum message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.metrics.v1.Sum.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a Sum message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.metrics.v1.Sum & opentelemetry.proto.metrics.v1.Sum.$Shape} Sum
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.metrics.v1.Sum & opentelemetry.proto.metrics.v1.Sum.$Shape;
                }

                namespace Sum {

                    /** Properties of a Sum. */
                    interface $Properties {

                        /** Sum dataPoints */
                        dataPoints?: (opentelemetry.proto.metrics.v1.NumberDataPoint.$Properties[]|null);

                        /** Sum aggregationTemporality */
                        aggregationTemporality?: (opentelemetry.proto.metrics.v1.AggregationTemporality|null);

                        /** Sum isMonotonic */
                        isMonotonic?: (boolean|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a Sum. */
                    type $Shape = {
                      dataPoints?: opentelemetry.proto.metrics.v1.NumberDataPoint.$Shape[]|null;
                      aggregationTemporality?: opentelemetry.proto.metrics.v1.AggregationTemporality|null;
                      isMonotonic?: boolean|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /**
                 * Properties of a Histogram.
                 * @deprecated Use opentelemetry.proto.metrics.v1.Histogram.$Properties instead.
                 */
                interface IHistogram extends opentelemetry.proto.metrics.v1.Histogram.$Properties {
                }

                /** Represents a Histogram. */
                class Histogram {

                    /**
                     * Constructs a new Histogram.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.metrics.v1.Histogram.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** Histogram dataPoints. */
                    dataPoints: opentelemetry.proto.metrics.v1.HistogramDataPoint.$Properties[];

                    /** Histogram aggregationTemporality. */
                    aggregationTemporality: opentelemetry.proto.metrics.v1.AggregationTemporality;

                    /**
                     * Creates a new Histogram instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns Histogram instance
                     */
                    static create(properties: opentelemetry.proto.metrics.v1.Histogram.$Shape): opentelemetry.proto.metrics.v1.Histogram & opentelemetry.proto.metrics.v1.Histogram.$Shape;
                    static create(properties?: opentelemetry.proto.metrics.v1.Histogram.$Properties): opentelemetry.proto.metrics.v1.Histogram;

                    /**
                     * Encodes the specified Histogram message. Does not implicitly {@link opentelemetry.proto.metrics.v1.Histogram.verify|verify} messages.
                     * @param message Histogram message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.metrics.v1.Histogram.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a Histogram message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.metrics.v1.Histogram & opentelemetry.proto.metrics.v1.Histogram.$Shape} Histogram
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.metrics.v1.Histogram & opentelemetry.proto.metrics.v1.Histogram.$Shape;
                }

                namespace Histogram {

                    /** Properties of a Histogram. */
                    interface $Properties {

                        /** Histogram dataPoints */
                        dataPoints?: (opentelemetry.proto.metrics.v1.HistogramDataPoint.$Properties[]|null);

                        /** Histogram aggregationTemporality */
                        aggregationTemporality?: (opentelemetry.proto.metrics.v1.AggregationTemporality|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a Histogram. */
                    type $Shape = {
                      dataPoints?: opentelemetry.proto.metrics.v1.HistogramDataPoint.$Shape[]|null;
                      aggregationTemporality?: opentelemetry.proto.metrics.v1.AggregationTemporality|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /**
                 * Properties of an ExponentialHistogram.
                 * @deprecated Use opentelemetry.proto.metrics.v1.ExponentialHistogram.$Properties instead.
                 */
                interface IExponentialHistogram extends opentelemetry.proto.metrics.v1.ExponentialHistogram.$Properties {
                }

                /** Represents an ExponentialHistogram. */
                class ExponentialHistogram {

                    /**
                     * Constructs a new ExponentialHistogram.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.metrics.v1.ExponentialHistogram.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** ExponentialHistogram dataPoints. */
                    dataPoints: opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.$Properties[];

                    /** ExponentialHistogram aggregationTemporality. */
                    aggregationTemporality: opentelemetry.proto.metrics.v1.AggregationTemporality;

                    /**
                     * Creates a new ExponentialHistogram instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns ExponentialHistogram instance
                     */
                    static create(properties: opentelemetry.proto.metrics.v1.ExponentialHistogram.$Shape): opentelemetry.proto.metrics.v1.ExponentialHistogram & opentelemetry.proto.metrics.v1.ExponentialHistogram.$Shape;
                    static create(properties?: opentelemetry.proto.metrics.v1.ExponentialHistogram.$Properties): opentelemetry.proto.metrics.v1.ExponentialHistogram;

                    /**
                     * Encodes the specified ExponentialHistogram message. Does not implicitly {@link opentelemetry.proto.metrics.v1.ExponentialHistogram.verify|verify} messages.
                     * @param message ExponentialHistogram message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.metrics.v1.ExponentialHistogram.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes an ExponentialHistogram message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.metrics.v1.ExponentialHistogram & opentelemetry.proto.metrics.v1.ExponentialHistogram.$Shape} ExponentialHistogram
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.metrics.v1.ExponentialHistogram & opentelemetry.proto.metrics.v1.ExponentialHistogram.$Shape;
                }

                namespace ExponentialHistogram {

                    /** Properties of an ExponentialHistogram. */
                    interface $Properties {

                        /** ExponentialHistogram dataPoints */
                        dataPoints?: (opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.$Properties[]|null);

                        /** ExponentialHistogram aggregationTemporality */
                        aggregationTemporality?: (opentelemetry.proto.metrics.v1.AggregationTemporality|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of an ExponentialHistogram. */
                    type $Shape = {
                      dataPoints?: opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.$Shape[]|null;
                      aggregationTemporality?: opentelemetry.proto.metrics.v1.AggregationTemporality|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /**
                 * Properties of a Summary.
                 * @deprecated Use opentelemetry.proto.metrics.v1.Summary.$Properties instead.
                 */
                interface ISummary extends opentelemetry.proto.metrics.v1.Summary.$Properties {
                }

                /** Represents a Summary. */
                class Summary {

                    /**
                     * Constructs a new Summary.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.metrics.v1.Summary.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** Summary dataPoints. */
                    dataPoints: opentelemetry.proto.metrics.v1.SummaryDataPoint.$Properties[];

                    /**
                     * Creates a new Summary instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns Summary instance
                     */
                    static create(properties: opentelemetry.proto.metrics.v1.Summary.$Shape): opentelemetry.proto.metrics.v1.Summary & opentelemetry.proto.metrics.v1.Summary.$Shape;
                    static create(properties?: opentelemetry.proto.metrics.v1.Summary.$Properties): opentelemetry.proto.metrics.v1.Summary;

                    /**
                     * Encodes the specified Summary message. Does not implicitly {@link opentelemetry.proto.metrics.v1.Summary.verify|verify} messages.
                     * @param message Summary message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.metrics.v1.Summary.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a Summary message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.metrics.v1.Summary & opentelemetry.proto.metrics.v1.Summary.$Shape} Summary
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.metrics.v1.Summary & opentelemetry.proto.metrics.v1.Summary.$Shape;
                }

                namespace Summary {

                    /** Properties of a Summary. */
                    interface $Properties {

                        /** Summary dataPoints */
                        dataPoints?: (opentelemetry.proto.metrics.v1.SummaryDataPoint.$Properties[]|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a Summary. */
                    type $Shape = {
                      dataPoints?: opentelemetry.proto.metrics.v1.SummaryDataPoint.$Shape[]|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /** AggregationTemporality enum. */
                enum AggregationTemporality {

                    /** AGGREGATION_TEMPORALITY_UNSPECIFIED value */
                    AGGREGATION_TEMPORALITY_UNSPECIFIED = 0,

                    /** AGGREGATION_TEMPORALITY_DELTA value */
                    AGGREGATION_TEMPORALITY_DELTA = 1,

                    /** AGGREGATION_TEMPORALITY_CUMULATIVE value */
                    AGGREGATION_TEMPORALITY_CUMULATIVE = 2
                }

                /** DataPointFlags enum. */
                enum DataPointFlags {

                    /** DATA_POINT_FLAGS_DO_NOT_USE value */
                    DATA_POINT_FLAGS_DO_NOT_USE = 0,

                    /** DATA_POINT_FLAGS_NO_RECORDED_VALUE_MASK value */
                    DATA_POINT_FLAGS_NO_RECORDED_VALUE_MASK = 1
                }

                /**
                 * Properties of a NumberDataPoint.
                 * @deprecated Use opentelemetry.proto.metrics.v1.NumberDataPoint.$Properties instead.
                 */
                interface INumberDataPoint extends opentelemetry.proto.metrics.v1.NumberDataPoint.$Properties {
                }

                /** Represents a NumberDataPoint. */
                class NumberDataPoint {

                    /**
                     * Constructs a new NumberDataPoint.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.metrics.v1.NumberDataPoint.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** NumberDataPoint attributes. */
                    attributes: opentelemetry.proto.common.v1.KeyValue.$Properties[];

                    /** NumberDataPoint startTimeUnixNano. */
                    startTimeUnixNano: (number|Long);

                    /** NumberDataPoint timeUnixNano. */
                    timeUnixNano: (number|Long);

                    /** NumberDataPoint asDouble. */
                    asDouble?: (number|null);

                    /** NumberDataPoint asInt. */
                    asInt?: (number|Long|null);

                    /** NumberDataPoint exemplars. */
                    exemplars: opentelemetry.proto.metrics.v1.Exemplar.$Properties[];

                    /** NumberDataPoint flags. */
                    flags: number;

                    /** NumberDataPoint value. */
                    value?: ("asDouble"|"asInt");

                    /**
                     * Creates a new NumberDataPoint instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns NumberDataPoint instance
                     */
                    static create(properties: opentelemetry.proto.metrics.v1.NumberDataPoint.$Shape): opentelemetry.proto.metrics.v1.NumberDataPoint & opentelemetry.proto.metrics.v1.NumberDataPoint.$Shape;
                    static create(properties?: opentelemetry.proto.metrics.v1.NumberDataPoint.$Properties): opentelemetry.proto.metrics.v1.NumberDataPoint;

                    /**
                     * Encodes the specified NumberDataPoint message. Does not implicitly {@link opentelemetry.proto.metrics.v1.NumberDataPoint.verify|verify} messages.
                     * @param message NumberDataPoint message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.metrics.v1.NumberDataPoint.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a NumberDataPoint message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.metrics.v1.NumberDataPoint & opentelemetry.proto.metrics.v1.NumberDataPoint.$Shape} NumberDataPoint
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.metrics.v1.NumberDataPoint & opentelemetry.proto.metrics.v1.NumberDataPoint.$Shape;
                }

                namespace NumberDataPoint {

                    /** Properties of a NumberDataPoint. */
                    interface $Properties {

                        /** NumberDataPoint attributes */
                        attributes?: (opentelemetry.proto.common.v1.KeyValue.$Properties[]|null);

                        /** NumberDataPoint startTimeUnixNano */
                        startTimeUnixNano?: (number|Long|null);

                        /** NumberDataPoint timeUnixNano */
                        timeUnixNano?: (number|Long|null);

                        /** NumberDataPoint asDouble */
                        asDouble?: (number|null);

                        /** NumberDataPoint asInt */
                        asInt?: (number|Long|null);

                        /** NumberDataPoint exemplars */
                        exemplars?: (opentelemetry.proto.metrics.v1.Exemplar.$Properties[]|null);

                        /** NumberDataPoint flags */
                        flags?: (number|null);

                        /** NumberDataPoint value */
                        value?: ("asDouble"|"asInt");

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Narrowed shape of a NumberDataPoint. */
                    type $Shape = {
                      attributes?: opentelemetry.proto.common.v1.KeyValue.$Shape[]|null;
                      startTimeUnixNano?: number|Long|null;
                      timeUnixNano?: number|Long|null;
                      asDouble?: number|null;
                      asInt?: number|Long|null;
                      exemplars?: opentelemetry.proto.metrics.v1.Exemplar.$Shape[]|null;
                      flags?: number|null;
                      $unknowns?: Uint8Array[];
                    } & (
                      ({ value?: undefined; asDouble?: null; asInt?: null }|{ value?: "asDouble"; asDouble: number; asInt?: null }|{ value?: "asInt"; asDouble?: null; asInt: number|Long })
                    );
                }

                /**
                 * Properties of a HistogramDataPoint.
                 * @deprecated Use opentelemetry.proto.metrics.v1.HistogramDataPoint.$Properties instead.
                 */
                interface IHistogramDataPoint extends opentelemetry.proto.metrics.v1.HistogramDataPoint.$Properties {
                }

                /** Represents a HistogramDataPoint. */
                class HistogramDataPoint {

                    /**
                     * Constructs a new HistogramDataPoint.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.metrics.v1.HistogramDataPoint.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** HistogramDataPoint attributes. */
                    attributes: opentelemetry.proto.common.v1.KeyValue.$Properties[];

                    /** HistogramDataPoint startTimeUnixNano. */
                    startTimeUnixNano: (number|Long);

                    /** HistogramDataPoint timeUnixNano. */
                    timeUnixNano: (number|Long);

                    /** HistogramDataPoint count. */
                    count: (number|Long);

                    /** HistogramDataPoint sum. */
                    sum?: (number|null);

                    /** HistogramDataPoint bucketCounts. */
                    bucketCounts: (number|Long)[];

                    /** HistogramDataPoint explicitBounds. */
                    explicitBounds: number[];

                    /** HistogramDataPoint exemplars. */
                    exemplars: opentelemetry.proto.metrics.v1.Exemplar.$Properties[];

                    /** HistogramDataPoint flags. */
                    flags: number;

                    /** HistogramDataPoint min. */
                    min?: (number|null);

                    /** HistogramDataPoint max. */
                    max?: (number|null);

                    /**
                     * Creates a new HistogramDataPoint instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns HistogramDataPoint instance
                     */
                    static create(properties: opentelemetry.proto.metrics.v1.HistogramDataPoint.$Shape): opentelemetry.proto.metrics.v1.HistogramDataPoint & opentelemetry.proto.metrics.v1.HistogramDataPoint.$Shape;
                    static create(properties?: opentelemetry.proto.metrics.v1.HistogramDataPoint.$Properties): opentelemetry.proto.metrics.v1.HistogramDataPoint;

                    /**
                     * Encodes the specified HistogramDataPoint message. Does not implicitly {@link opentelemetry.proto.metrics.v1.HistogramDataPoint.verify|verify} messages.
                     * @param message HistogramDataPoint message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.metrics.v1.HistogramDataPoint.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a HistogramDataPoint message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.metrics.v1.HistogramDataPoint & opentelemetry.proto.metrics.v1.HistogramDataPoint.$Shape} HistogramDataPoint
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.metrics.v1.HistogramDataPoint & opentelemetry.proto.metrics.v1.HistogramDataPoint.$Shape;
                }

                namespace HistogramDataPoint {

                    /** Properties of a HistogramDataPoint. */
                    interface $Properties {

                        /** HistogramDataPoint attributes */
                        attributes?: (opentelemetry.proto.common.v1.KeyValue.$Properties[]|null);

                        /** HistogramDataPoint startTimeUnixNano */
                        startTimeUnixNano?: (number|Long|null);

                        /** HistogramDataPoint timeUnixNano */
                        timeUnixNano?: (number|Long|null);

                        /** HistogramDataPoint count */
                        count?: (number|Long|null);

                        /** HistogramDataPoint sum */
                        sum?: (number|null);

                        /** HistogramDataPoint bucketCounts */
                        bucketCounts?: ((number|Long)[]|null);

                        /** HistogramDataPoint explicitBounds */
                        explicitBounds?: (number[]|null);

                        /** HistogramDataPoint exemplars */
                        exemplars?: (opentelemetry.proto.metrics.v1.Exemplar.$Properties[]|null);

                        /** HistogramDataPoint flags */
                        flags?: (number|null);

                        /** HistogramDataPoint min */
                        min?: (number|null);

                        /** HistogramDataPoint max */
                        max?: (number|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a HistogramDataPoint. */
                    type $Shape = {
                      attributes?: opentelemetry.proto.common.v1.KeyValue.$Shape[]|null;
                      startTimeUnixNano?: number|Long|null;
                      timeUnixNano?: number|Long|null;
                      count?: number|Long|null;
                      sum?: number|null;
                      bucketCounts?: (number|Long)[]|null;
                      explicitBounds?: number[]|null;
                      exemplars?: opentelemetry.proto.metrics.v1.Exemplar.$Shape[]|null;
                      flags?: number|null;
                      min?: number|null;
                      max?: number|null;
                      $unknowns?: Uint8Array[];
                    };
                }

                /**
                 * Properties of an ExponentialHistogramDataPoint.
                 * @deprecated Use opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.$Properties instead.
                 */
                interface IExponentialHistogramDataPoint extends opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.$Properties {
                }

                /** Represents an ExponentialHistogramDataPoint. */
                class ExponentialHistogramDataPoint {

                    /**
                     * Constructs a new ExponentialHistogramDataPoint.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** ExponentialHistogramDataPoint attributes. */
                    attributes: opentelemetry.proto.common.v1.KeyValue.$Properties[];

                    /** ExponentialHistogramDataPoint startTimeUnixNano. */
                    startTimeUnixNano: (number|Long);

                    /** ExponentialHistogramDataPoint timeUnixNano. */
                    timeUnixNano: (number|Long);

                    /** ExponentialHistogramDataPoint count. */
                    count: (number|Long);

                    /** ExponentialHistogramDataPoint sum. */
                    sum?: (number|null);

                    /** ExponentialHistogramDataPoint scale. */
                    scale: number;

                    /** ExponentialHistogramDataPoint zeroCount. */
                    zeroCount: (number|Long);

                    /** ExponentialHistogramDataPoint positive. */
                    positive?: (opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.$Properties|null);

                    /** ExponentialHistogramDataPoint negative. */
                    negative?: (opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.$Properties|null);

                    /** ExponentialHistogramDataPoint flags. */
                    flags: number;

                    /** ExponentialHistogramDataPoint exemplars. */
                    exemplars: opentelemetry.proto.metrics.v1.Exemplar.$Properties[];

                    /** ExponentialHistogramDataPoint min. */
                    min?: (number|null);

                    /** ExponentialHistogramDataPoint max. */
                    max?: (number|null);

                    /** ExponentialHistogramDataPoint zeroThreshold. */
                    zeroThreshold: number;

                    /**
                     * Creates a new ExponentialHistogramDataPoint instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns ExponentialHistogramDataPoint instance
                     */
                    static create(properties: opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.$Shape): opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint & opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.$Shape;
                    static create(properties?: opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.$Properties): opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint;

                    /**
                     * Encodes the specified ExponentialHistogramDataPoint message. Does not implicitly {@link opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.verify|verify} messages.
                     * @param message ExponentialHistogramDataPoint message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes an ExponentialHistogramDataPoint message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint & opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.$Shape} ExponentialHistogramDataPoint
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint & opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.$Shape;
                }

                namespace ExponentialHistogramDataPoint {

                    /** Properties of an ExponentialHistogramDataPoint. */
                    interface $Properties {

                        /** ExponentialHistogramDataPoint attributes */
                        attributes?: (opentelemetry.proto.common.v1.KeyValue.$Properties[]|null);

                        /** ExponentialHistogramDataPoint startTimeUnixNano */
                        startTimeUnixNano?: (number|Long|null);

                        /** ExponentialHistogramDataPoint timeUnixNano */
                        timeUnixNano?: (number|Long|null);

                        /** ExponentialHistogramDataPoint count */
                        count?: (number|Long|null);

                        /** ExponentialHistogramDataPoint sum */
                        sum?: (number|null);

                        /** ExponentialHistogramDataPoint scale */
                        scale?: (number|null);

                        /** ExponentialHistogramDataPoint zeroCount */
                        zeroCount?: (number|Long|null);

                        /** ExponentialHistogramDataPoint positive */
                        positive?: (opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.$Properties|null);

                        /** ExponentialHistogramDataPoint negative */
                        negative?: (opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.$Properties|null);

                        /** ExponentialHistogramDataPoint flags */
                        flags?: (number|null);

                        /** ExponentialHistogramDataPoint exemplars */
                        exemplars?: (opentelemetry.proto.metrics.v1.Exemplar.$Properties[]|null);

                        /** ExponentialHistogramDataPoint min */
                        min?: (number|null);

                        /** ExponentialHistogramDataPoint max */
                        max?: (number|null);

                        /** ExponentialHistogramDataPoint zeroThreshold */
                        zeroThreshold?: (number|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of an ExponentialHistogramDataPoint. */
                    type $Shape = {
                      attributes?: opentelemetry.proto.common.v1.KeyValue.$Shape[]|null;
                      startTimeUnixNano?: number|Long|null;
                      timeUnixNano?: number|Long|null;
                      count?: number|Long|null;
                      sum?: number|null;
                      scale?: number|null;
                      zeroCount?: number|Long|null;
                      positive?: opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.$Shape|null;
                      negative?: opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.$Shape|null;
                      flags?: number|null;
                      exemplars?: opentelemetry.proto.metrics.v1.Exemplar.$Shape[]|null;
                      min?: number|null;
                      max?: number|null;
                      zeroThreshold?: number|null;
                      $unknowns?: Uint8Array[];
                    };

                    /**
                     * Properties of a Buckets.
                     * @deprecated Use opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.$Properties instead.
                     */
                    interface IBuckets extends opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.$Properties {
                    }

                    /** Represents a Buckets. */
                    class Buckets {

                        /**
                         * Constructs a new Buckets.
                         * @param [properties] Properties to set
                         */
                        constructor(properties?: opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.$Properties);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];

                        /** Buckets offset. */
                        offset: number;

                        /** Buckets bucketCounts. */
                        bucketCounts: (number|Long)[];

                        /**
                         * Creates a new Buckets instance using the specified properties.
                         * @param [properties] Properties to set
                         * @returns Buckets instance
                         */
                        static create(properties: opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.$Shape): opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets & opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.$Shape;
                        static create(properties?: opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.$Properties): opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets;

                        /**
                         * Encodes the specified Buckets message. Does not implicitly {@link opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.verify|verify} messages.
                         * @param message Buckets message or plain object to encode
                         * @param [writer] Writer to encode to
                         * @returns Writer
                         */
                        static encode(message: opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                        /**
                         * Decodes a Buckets message from the specified reader or buffer.
                         * @param reader Reader or buffer to decode from
                         * @param [length] Message length if known beforehand
                         * @returns {opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets & opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.$Shape} Buckets
                         * @throws {Error} If the payload is not a reader or valid buffer
                         * @throws {$protobuf.util.ProtocolError} If required fields are missing
                         */
                        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets & opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.$Shape;
                    }

                    namespace Buckets {

                        /** Properties of a Buckets. */
                        interface $Properties {

                            /** Buckets offset */
                            offset?: (number|null);

                            /** Buckets bucketCounts */
                            bucketCounts?: ((number|Long)[]|null);

                            /** Unknown fields preserved while decoding when enabled */
                            $unknowns?: Uint8Array[];
                        }

                        /** Shape of a Buckets. */
                        type $Shape = opentelemetry.proto.metrics.v1.ExponentialHistogramDataPoint.Buckets.$Properties;
                    }
                }

                /**
                 * Properties of a SummaryDataPoint.
                 * @deprecated Use opentelemetry.proto.metrics.v1.SummaryDataPoint.$Properties instead.
                 */
                interface ISummaryDataPoint extends opentelemetry.proto.metrics.v1.SummaryDataPoint.$Properties {
                }

                /** Represents a SummaryDataPoint. */
                class SummaryDataPoint {

                    /**
                     * Constructs a new SummaryDataPoint.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.metrics.v1.SummaryDataPoint.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** SummaryDataPoint attributes. */
                    attributes: opentelemetry.proto.common.v1.KeyValue.$Properties[];

                    /** SummaryDataPoint startTimeUnixNano. */
                    startTimeUnixNano: (number|Long);

                    /** SummaryDataPoint timeUnixNano. */
                    timeUnixNano: (number|Long);

                    /** SummaryDataPoint count. */
                    count: (number|Long);

                    /** SummaryDataPoint sum. */
                    sum: number;

                    /** SummaryDataPoint quantileValues. */
                    quantileValues: opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile.$Properties[];

                    /** SummaryDataPoint flags. */
                    flags: number;

                    /**
                     * Creates a new SummaryDataPoint instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns SummaryDataPoint instance
                     */
                    static create(properties: opentelemetry.proto.metrics.v1.SummaryDataPoint.$Shape): opentelemetry.proto.metrics.v1.SummaryDataPoint & opentelemetry.proto.metrics.v1.SummaryDataPoint.$Shape;
                    static create(properties?: opentelemetry.proto.metrics.v1.SummaryDataPoint.$Properties): opentelemetry.proto.metrics.v1.SummaryDataPoint;

                    /**
                     * Encodes the specified SummaryDataPoint message. Does not implicitly {@link opentelemetry.proto.metrics.v1.SummaryDataPoint.verify|verify} messages.
                     * @param message SummaryDataPoint message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.metrics.v1.SummaryDataPoint.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes a SummaryDataPoint message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.metrics.v1.SummaryDataPoint & opentelemetry.proto.metrics.v1.SummaryDataPoint.$Shape} SummaryDataPoint
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.metrics.v1.SummaryDataPoint & opentelemetry.proto.metrics.v1.SummaryDataPoint.$Shape;
                }

                namespace SummaryDataPoint {

                    /** Properties of a SummaryDataPoint. */
                    interface $Properties {

                        /** SummaryDataPoint attributes */
                        attributes?: (opentelemetry.proto.common.v1.KeyValue.$Properties[]|null);

                        /** SummaryDataPoint startTimeUnixNano */
                        startTimeUnixNano?: (number|Long|null);

                        /** SummaryDataPoint timeUnixNano */
                        timeUnixNano?: (number|Long|null);

                        /** SummaryDataPoint count */
                        count?: (number|Long|null);

                        /** SummaryDataPoint sum */
                        sum?: (number|null);

                        /** SummaryDataPoint quantileValues */
                        quantileValues?: (opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile.$Properties[]|null);

                        /** SummaryDataPoint flags */
                        flags?: (number|null);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Shape of a SummaryDataPoint. */
                    type $Shape = {
                      attributes?: opentelemetry.proto.common.v1.KeyValue.$Shape[]|null;
                      startTimeUnixNano?: number|Long|null;
                      timeUnixNano?: number|Long|null;
                      count?: number|Long|null;
                      sum?: number|null;
                      quantileValues?: opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile.$Shape[]|null;
                      flags?: number|null;
                      $unknowns?: Uint8Array[];
                    };

                    /**
                     * Properties of a ValueAtQuantile.
                     * @deprecated Use opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile.$Properties instead.
                     */
                    interface IValueAtQuantile extends opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile.$Properties {
                    }

                    /** Represents a ValueAtQuantile. */
                    class ValueAtQuantile {

                        /**
                         * Constructs a new ValueAtQuantile.
                         * @param [properties] Properties to set
                         */
                        constructor(properties?: opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile.$Properties);

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];

                        /** ValueAtQuantile quantile. */
                        quantile: number;

                        /** ValueAtQuantile value. */
                        value: number;

                        /**
                         * Creates a new ValueAtQuantile instance using the specified properties.
                         * @param [properties] Properties to set
                         * @returns ValueAtQuantile instance
                         */
                        static create(properties: opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile.$Shape): opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile & opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile.$Shape;
                        static create(properties?: opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile.$Properties): opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile;

                        /**
                         * Encodes the specified ValueAtQuantile message. Does not implicitly {@link opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile.verify|verify} messages.
                         * @param message ValueAtQuantile message or plain object to encode
                         * @param [writer] Writer to encode to
                         * @returns Writer
                         */
                        static encode(message: opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                        /**
                         * Decodes a ValueAtQuantile message from the specified reader or buffer.
                         * @param reader Reader or buffer to decode from
                         * @param [length] Message length if known beforehand
                         * @returns {opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile & opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile.$Shape} ValueAtQuantile
                         * @throws {Error} If the payload is not a reader or valid buffer
                         * @throws {$protobuf.util.ProtocolError} If required fields are missing
                         */
                        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile & opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile.$Shape;
                    }

                    namespace ValueAtQuantile {

                        /** Properties of a ValueAtQuantile. */
                        interface $Properties {

                            /** ValueAtQuantile quantile */
                            quantile?: (number|null);

                            /** ValueAtQuantile value */
                            value?: (number|null);

                            /** Unknown fields preserved while decoding when enabled */
                            $unknowns?: Uint8Array[];
                        }

                        /** Shape of a ValueAtQuantile. */
                        type $Shape = opentelemetry.proto.metrics.v1.SummaryDataPoint.ValueAtQuantile.$Properties;
                    }
                }

                /**
                 * Properties of an Exemplar.
                 * @deprecated Use opentelemetry.proto.metrics.v1.Exemplar.$Properties instead.
                 */
                interface IExemplar extends opentelemetry.proto.metrics.v1.Exemplar.$Properties {
                }

                /** Represents an Exemplar. */
                class Exemplar {

                    /**
                     * Constructs a new Exemplar.
                     * @param [properties] Properties to set
                     */
                    constructor(properties?: opentelemetry.proto.metrics.v1.Exemplar.$Properties);

                    /** Unknown fields preserved while decoding when enabled */
                    $unknowns?: Uint8Array[];

                    /** Exemplar filteredAttributes. */
                    filteredAttributes: opentelemetry.proto.common.v1.KeyValue.$Properties[];

                    /** Exemplar timeUnixNano. */
                    timeUnixNano: (number|Long);

                    /** Exemplar asDouble. */
                    asDouble?: (number|null);

                    /** Exemplar asInt. */
                    asInt?: (number|Long|null);

                    /** Exemplar spanId. */
                    spanId: Uint8Array;

                    /** Exemplar traceId. */
                    traceId: Uint8Array;

                    /** Exemplar value. */
                    value?: ("asDouble"|"asInt");

                    /**
                     * Creates a new Exemplar instance using the specified properties.
                     * @param [properties] Properties to set
                     * @returns Exemplar instance
                     */
                    static create(properties: opentelemetry.proto.metrics.v1.Exemplar.$Shape): opentelemetry.proto.metrics.v1.Exemplar & opentelemetry.proto.metrics.v1.Exemplar.$Shape;
                    static create(properties?: opentelemetry.proto.metrics.v1.Exemplar.$Properties): opentelemetry.proto.metrics.v1.Exemplar;

                    /**
                     * Encodes the specified Exemplar message. Does not implicitly {@link opentelemetry.proto.metrics.v1.Exemplar.verify|verify} messages.
                     * @param message Exemplar message or plain object to encode
                     * @param [writer] Writer to encode to
                     * @returns Writer
                     */
                    static encode(message: opentelemetry.proto.metrics.v1.Exemplar.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

                    /**
                     * Decodes an Exemplar message from the specified reader or buffer.
                     * @param reader Reader or buffer to decode from
                     * @param [length] Message length if known beforehand
                     * @returns {opentelemetry.proto.metrics.v1.Exemplar & opentelemetry.proto.metrics.v1.Exemplar.$Shape} Exemplar
                     * @throws {Error} If the payload is not a reader or valid buffer
                     * @throws {$protobuf.util.ProtocolError} If required fields are missing
                     */
                    static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): opentelemetry.proto.metrics.v1.Exemplar & opentelemetry.proto.metrics.v1.Exemplar.$Shape;
                }

                namespace Exemplar {

                    /** Properties of an Exemplar. */
                    interface $Properties {

                        /** Exemplar filteredAttributes */
                        filteredAttributes?: (opentelemetry.proto.common.v1.KeyValue.$Properties[]|null);

                        /** Exemplar timeUnixNano */
                        timeUnixNano?: (number|Long|null);

                        /** Exemplar asDouble */
                        asDouble?: (number|null);

                        /** Exemplar asInt */
                        asInt?: (number|Long|null);

                        /** Exemplar spanId */
                        spanId?: (Uint8Array|null);

                        /** Exemplar traceId */
                        traceId?: (Uint8Array|null);

                        /** Exemplar value */
                        value?: ("asDouble"|"asInt");

                        /** Unknown fields preserved while decoding when enabled */
                        $unknowns?: Uint8Array[];
                    }

                    /** Narrowed shape of an Exemplar. */
                    type $Shape = {
                      filteredAttributes?: opentelemetry.proto.common.v1.KeyValue.$Shape[]|null;
                      timeUnixNano?: number|Long|null;
                      asDouble?: number|null;
                      asInt?: number|Long|null;
                      spanId?: Uint8Array|null;
                      traceId?: Uint8Array|null;
                      $unknowns?: Uint8Array[];
                    } & (
                      ({ value?: undefined; asDouble?: null; asInt?: null }|{ value?: "asDouble"; asDouble: number; asInt?: null }|{ value?: "asInt"; asDouble?: null; asInt: number|Long })
                    );
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
