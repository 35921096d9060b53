import * as $protobuf from "protobufjs/minimal.js";
import Long = require("long");

/** Namespace prometheus. */
export namespace prometheus {

    /**
     * Properties of a WriteRequest.
     * @deprecated Use prometheus.WriteRequest.$Properties instead.
     */
    interface IWriteRequest extends prometheus.WriteRequest.$Properties {
    }

    /** Represents a WriteRequest. */
    class WriteRequest {

        /**
         * Constructs a new WriteRequest.
         * @param [properties] Properties to set
         */
        constructor(properties?: prometheus.WriteRequest.$Properties);

        /** Unknown fields preserved while decoding when enabled */
        $unknowns?: Uint8Array[];

        /** WriteRequest timeseries. */
        timeseries: prometheus.TimeSeries.$Properties[];

        /**
         * Creates a new WriteRequest instance using the specified properties.
         * @param [properties] Properties to set
         * @returns WriteRequest instance
         */
        static create(properties: prometheus.WriteRequest.$Shape): prometheus.WriteRequest & prometheus.WriteRequest.$Shape;
        static create(properties?: prometheus.WriteRequest.$Properties): prometheus.WriteRequest;

        /**
         * Encodes the specified WriteRequest message. Does not implicitly {@link prometheus.WriteRequest.verify|verify} messages.
         * @param message WriteRequest message or plain object to encode
         * @param [writer] Writer to encode to
         * @returns Writer
         */
        static encode(message: prometheus.WriteRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

        /**
         * Decodes a WriteRequest message from the specified reader or buffer.
         * @param reader Reader or buffer to decode from
         * @param [length] Message length if known beforehand
         * @returns {prometheus.WriteRequest & prometheus.WriteRequest.$Shape} WriteRequest
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): prometheus.WriteRequest & prometheus.WriteRequest.$Shape;
    }

    namespace WriteRequest {

        /** Properties of a WriteRequest. */
        interface $Properties {

            /** WriteRequest timeseries */
            timeseries?: (prometheus.TimeSeries.$Properties[]|null);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];
        }

        /** Shape of a WriteRequest. */
        type $Shape = prometheus.WriteRequest.$Properties;
    }

    /**
     * Properties of a TimeSeries.
     * @deprecated Use prometheus.TimeSeries.$Properties instead.
     */
    interface ITimeSeries extends prometheus.TimeSeries.$Properties {
    }

    /** Represents a TimeSeries. */
    class TimeSeries {

        /**
         * Constructs a new TimeSeries.
         * @param [properties] Properties to set
         */
        constructor(properties?: prometheus.TimeSeries.$Properties);

        /** Unknown fields preserved while decoding when enabled */
        $unknowns?: Uint8Array[];

        /** TimeSeries labels. */
        labels: prometheus.Label.$Properties[];

        /** TimeSeries samples. */
        samples: prometheus.Sample.$Properties[];

        /** TimeSeries histograms. */
        histograms: prometheus.Histogram.$Properties[];

        /**
         * Creates a new TimeSeries instance using the specified properties.
         * @param [properties] Properties to set
         * @returns TimeSeries instance
         */
        static create(properties: prometheus.TimeSeries.$Shape): prometheus.TimeSeries & prometheus.TimeSeries.$Shape;
        static create(properties?: prometheus.TimeSeries.$Properties): prometheus.TimeSeries;

        /**
         * Encodes the specified TimeSeries message. Does not implicitly {@link prometheus.TimeSeries.verify|verify} messages.
         * @param message TimeSeries message or plain object to encode
         * @param [writer] Writer to encode to
         * @returns Writer
         */
        static encode(message: prometheus.TimeSeries.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

        /**
         * Decodes a TimeSeries message from the specified reader or buffer.
         * @param reader Reader or buffer to decode from
         * @param [length] Message length if known beforehand
         * @returns {prometheus.TimeSeries & prometheus.TimeSeries.$Shape} TimeSeries
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): prometheus.TimeSeries & prometheus.TimeSeries.$Shape;
    }

    namespace TimeSeries {

        /** Properties of a TimeSeries. */
        interface $Properties {

            /** TimeSeries labels */
            labels?: (prometheus.Label.$Properties[]|null);

            /** TimeSeries samples */
            samples?: (prometheus.Sample.$Properties[]|null);

            /** TimeSeries histograms */
            histograms?: (prometheus.Histogram.$Properties[]|null);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];
        }

        /** Shape of a TimeSeries. */
        type $Shape = prometheus.TimeSeries.$Properties;
    }

    /**
     * Properties of a Label.
     * @deprecated Use prometheus.Label.$Properties instead.
     */
    interface ILabel extends prometheus.Label.$Properties {
    }

    /** Represents a Label. */
    class Label {

        /**
         * Constructs a new Label.
         * @param [properties] Properties to set
         */
        constructor(properties?: prometheus.Label.$Properties);

        /** Unknown fields preserved while decoding when enabled */
        $unknowns?: Uint8Array[];

        /** Label name. */
        name: string;

        /** Label value. */
        value: string;

        /**
         * Creates a new Label instance using the specified properties.
         * @param [properties] Properties to set
         * @returns Label instance
         */
        static create(properties: prometheus.Label.$Shape): prometheus.Label & prometheus.Label.$Shape;
        static create(properties?: prometheus.Label.$Properties): prometheus.Label;

        /**
         * Encodes the specified Label message. Does not implicitly {@link prometheus.Label.verify|verify} messages.
         * @param message Label message or plain object to encode
         * @param [writer] Writer to encode to
         * @returns Writer
         */
        static encode(message: prometheus.Label.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

        /**
         * Decodes a Label message from the specified reader or buffer.
         * @param reader Reader or buffer to decode from
         * @param [length] Message length if known beforehand
         * @returns {prometheus.Label & prometheus.Label.$Shape} Label
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): prometheus.Label & prometheus.Label.$Shape;
    }

    namespace Label {

        /** Properties of a Label. */
        interface $Properties {

            /** Label name */
            name?: (string|null);

            /** Label value */
            value?: (string|null);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];
        }

        /** Shape of a Label. */
        type $Shape = prometheus.Label.$Properties;
    }

    /**
     * Properties of a Sample.
     * @deprecated Use prometheus.Sample.$Properties instead.
     */
    interface ISample extends prometheus.Sample.$Properties {
    }

    /** Represents a Sample. */
    class Sample {

        /**
         * Constructs a new Sample.
         * @param [properties] Properties to set
         */
        constructor(properties?: prometheus.Sample.$Properties);

        /** Unknown fields preserved while decoding when enabled */
        $unknowns?: Uint8Array[];

        /** Sample value. */
        value: number;

        /** Sample timestamp. */
        timestamp: (number|Long);

        /**
         * Creates a new Sample instance using the specified properties.
         * @param [properties] Properties to set
         * @returns Sample instance
         */
        static create(properties: prometheus.Sample.$Shape): prometheus.Sample & prometheus.Sample.$Shape;
        static create(properties?: prometheus.Sample.$Properties): prometheus.Sample;

        /**
         * Encodes the specified Sample message. Does not implicitly {@link prometheus.Sample.verify|verify} messages.
         * @param message Sample message or plain object to encode
         * @param [writer] Writer to encode to
         * @returns Writer
         */
        static encode(message: prometheus.Sample.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

        /**
         * Decodes a Sample message from the specified reader or buffer.
         * @param reader Reader or buffer to decode from
         * @param [length] Message length if known beforehand
         * @returns {prometheus.Sample & prometheus.Sample.$Shape} Sample
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): prometheus.Sample & prometheus.Sample.$Shape;
    }

    namespace Sample {

        /** Properties of a Sample. */
        interface $Properties {

            /** Sample value */
            value?: (number|null);

            /** Sample timestamp */
            timestamp?: (number|Long|null);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];
        }

        /** Shape of a Sample. */
        type $Shape = prometheus.Sample.$Properties;
    }

    /**
     * Properties of a Histogram.
     * @deprecated Use prometheus.Histogram.$Properties instead.
     */
    interface IHistogram extends prometheus.Histogram.$Properties {
    }

    /** Represents a Histogram. */
    class Histogram {

        /**
         * Constructs a new Histogram.
         * @param [properties] Properties to set
         */
        constructor(properties?: prometheus.Histogram.$Properties);

        /** Unknown fields preserved while decoding when enabled */
        $unknowns?: Uint8Array[];

        /** Histogram timestamp. */
        timestamp: (number|Long);

        /**
         * Creates a new Histogram instance using the specified properties.
         * @param [properties] Properties to set
         * @returns Histogram instance
         */
        static create(properties: prometheus.Histogram.$Shape): prometheus.Histogram & prometheus.Histogram.$Shape;
        static create(properties?: prometheus.Histogram.$Properties): prometheus.Histogram;

        /**
         * Encodes the specified Histogram message. Does not implicitly {@link prometheus.Histogram.verify|verify} messages.
         * @param message Histogram message or plain object to encode
         * @param [writer] Writer to encode to
         * @returns Writer
         */
        static encode(message: prometheus.Histogram.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

        /**
         * Decodes a Histogram message from the specified reader or buffer.
         * @param reader Reader or buffer to decode from
         * @param [length] Message length if known beforehand
         * @returns {prometheus.Histogram & prometheus.Histogram.$Shape} Histogram
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): prometheus.Histogram & prometheus.Histogram.$Shape;
    }

    namespace Histogram {

        /** Properties of a Histogram. */
        interface $Properties {

            /** Histogram timestamp */
            timestamp?: (number|Long|null);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];
        }

        /** Shape of a Histogram. */
        type $Shape = prometheus.Histogram.$Properties;
    }
}
