/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
import $protobuf from "protobufjs/minimal.js";

// Common aliases
const $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
const $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError;

// Exported root namespace
const $root = $protobuf.roots["remote_write"] || ($protobuf.roots["remote_write"] = {});

export const prometheus = $root.prometheus = (() => {

    /**
     * Namespace prometheus.
     * @exports prometheus
     * @namespace
     */
    const prometheus = {};

    prometheus.WriteRequest = (function() {

        /**
         * Properties of a WriteRequest.
         * @typedef {Object} prometheus.WriteRequest.$Properties
         * @property {Array.<prometheus.TimeSeries.$Properties>|null} [timeseries] WriteRequest timeseries
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */

        /**
         * Properties of a WriteRequest.
         * @memberof prometheus
         * @interface IWriteRequest
         * @augments prometheus.WriteRequest.$Properties
         * @deprecated Use prometheus.WriteRequest.$Properties instead.
         */

        /**
         * Shape of a WriteRequest.
         * @typedef {prometheus.WriteRequest.$Properties} prometheus.WriteRequest.$Shape
         */

        /**
         * Constructs a new WriteRequest.
         * @memberof prometheus
         * @classdesc Represents a WriteRequest.
         * @constructor
         * @param {prometheus.WriteRequest.$Properties=} [properties] Properties to set
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */
        const WriteRequest = function (properties) {
            this.timeseries = [];
            if (properties)
                for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        /**
         * WriteRequest timeseries.
         * @member {Array.<prometheus.TimeSeries.$Properties>} timeseries
         * @memberof prometheus.WriteRequest
         * @instance
         */
        WriteRequest.prototype.timeseries = $util.emptyArray;

        /**
         * Creates a new WriteRequest instance using the specified properties.
         * @function create
         * @memberof prometheus.WriteRequest
         * @static
         * @param {prometheus.WriteRequest.$Properties=} [properties] Properties to set
         * @returns {prometheus.WriteRequest} WriteRequest instance
         * @type {{
         *   (properties: prometheus.WriteRequest.$Shape): prometheus.WriteRequest & prometheus.WriteRequest.$Shape;
         *   (properties?: prometheus.WriteRequest.$Properties): prometheus.WriteRequest;
         * }}
         */
        WriteRequest.create = function(properties) {
            return new WriteRequest(properties);
        };

        /**
         * Encodes the specified WriteRequest message. Does not implicitly {@link prometheus.WriteRequest.verify|verify} messages.
         * @function encode
         * @memberof prometheus.WriteRequest
         * @static
         * @param {prometheus.WriteRequest.$Properties} message WriteRequest message or plain object to encode
         * @param {$protobuf.Writer} [writer] Writer to encode to
         * @returns {$protobuf.Writer} Writer
         */
        WriteRequest.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.timeseries != null && message.timeseries.length)
                for (let i = 0; i < message.timeseries.length; ++i)
                    $root.prometheus.TimeSeries.encode(message.timeseries[i], writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (let i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        /**
         * Decodes a WriteRequest message from the specified reader or buffer.
         * @function decode
         * @memberof prometheus.WriteRequest
         * @static
         * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
         * @param {number} [length] Message length if known beforehand
         * @returns {prometheus.WriteRequest & prometheus.WriteRequest.$Shape} WriteRequest
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        WriteRequest.decode = function (reader, length, _end, _depth, _target) {
            if (!(reader instanceof $Reader))
                reader = $Reader.create(reader);
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $Reader.recursionLimit)
                throw $Error("max depth exceeded");
            let end, message;
            if (length === $undefined)
                end = reader.len;
            else {
                end = reader.pos + length;
                if (end > reader.len)
                    throw $RangeError("index out of range");
                length = reader.len;
                reader.len = end;
            }
            message = _target || new $root.prometheus.WriteRequest();
            while (reader.pos < end) {
                let start = reader.pos;
                let tag = reader.tag();
                if (tag === _end) {
                    _end = $undefined;
                    break;
                }
                let wireType = tag & 7;
                switch (tag >>>= 3) {
                case 1: {
                        if (wireType !== 2)
                            break;
                        if (!(message.timeseries && message.timeseries.length))
                            message.timeseries = [];
                        message.timeseries.push($root.prometheus.TimeSeries.decode(reader, reader.size(), $undefined, _depth + 1));
                        continue;
                    }
                }
                reader.skipType(wireType, _depth, tag);
                if (!reader.discardUnknown) {
                    $util.makeProp(message, "$unknowns", false);
                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                }
            }
            if (length !== $undefined) {
                if (reader.pos !== end)
                    throw $RangeError("index out of range");
                reader.len = length;
            }
            if (_end !== $undefined)
                throw $Error("missing end group");
            return message;
        };

        return WriteRequest;
    })();

    prometheus.TimeSeries = (function() {

        /**
         * Properties of a TimeSeries.
         * @typedef {Object} prometheus.TimeSeries.$Properties
         * @property {Array.<prometheus.Label.$Properties>|null} [labels] TimeSeries labels
         * @property {Array.<prometheus.Sample.$Properties>|null} [samples] TimeSeries samples
         * @property {Array.<prometheus.Histogram.$Properties>|null} [histograms] TimeSeries histograms
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */

        /**
         * Properties of a TimeSeries.
         * @memberof prometheus
         * @interface ITimeSeries
         * @augments prometheus.TimeSeries.$Properties
         * @deprecated Use prometheus.TimeSeries.$Properties instead.
         */

        /**
         * Shape of a TimeSeries.
         * @typedef {prometheus.TimeSeries.$Properties} prometheus.TimeSeries.$Shape
         */

        /**
         * Constructs a new TimeSeries.
         * @memberof prometheus
         * @classdesc Represents a TimeSeries.
         * @constructor
         * @param {prometheus.TimeSeries.$Properties=} [properties] Properties to set
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */
        const TimeSeries = function (properties) {
            this.labels = [];
            this.samples = [];
            this.histograms = [];
            if (properties)
                for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        /**
         * TimeSeries labels.
         * @member {Array.<prometheus.Label.$Properties>} labels
         * @memberof prometheus.TimeSeries
         * @instance
         */
        TimeSeries.prototype.labels = $util.emptyArray;

        /**
         * TimeSeries samples.
         * @member {Array.<prometheus.Sample.$Properties>} samples
         * @memberof prometheus.TimeSeries
         * @instance
         */
        TimeSeries.prototype.samples = $util.emptyArray;

        /**
         * TimeSeries histograms.
         * @member {Array.<prometheus.Histogram.$Properties>} histograms
         * @memberof prometheus.TimeSeries
         * @instance
         */
        TimeSeries.prototype.histograms = $util.emptyArray;

        /**
         * Creates a new TimeSeries instance using the specified properties.
         * @function create
         * @memberof prometheus.TimeSeries
         * @static
         * @param {prometheus.TimeSeries.$Properties=} [properties] Properties to set
         * @returns {prometheus.TimeSeries} TimeSeries instance
         * @type {{
         *   (properties: prometheus.TimeSeries.$Shape): prometheus.TimeSeries & prometheus.TimeSeries.$Shape;
         *   (properties?: prometheus.TimeSeries.$Properties): prometheus.TimeSeries;
         * }}
         */
        TimeSeries.create = function(properties) {
            return new TimeSeries(properties);
        };

        /**
         * Encodes the specified TimeSeries message. Does not implicitly {@link prometheus.TimeSeries.verify|verify} messages.
         * @function encode
         * @memberof prometheus.TimeSeries
         * @static
         * @param {prometheus.TimeSeries.$Properties} message TimeSeries message or plain object to encode
         * @param {$protobuf.Writer} [writer] Writer to encode to
         * @returns {$protobuf.Writer} Writer
         */
        TimeSeries.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.labels != null && message.labels.length)
                for (let i = 0; i < message.labels.length; ++i)
                    $root.prometheus.Label.encode(message.labels[i], writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
            if (message.samples != null && message.samples.length)
                for (let i = 0; i < message.samples.length; ++i)
                    $root.prometheus.Sample.encode(message.samples[i], writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
            if (message.histograms != null && message.histograms.length)
                for (let i = 0; i < message.histograms.length; ++i)
                    $root.prometheus.Histogram.encode(message.histograms[i], writer.uint32(/* id 4, wireType 2 =*/34).fork(), _depth + 1).ldelim();
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (let i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        /**
         * Decodes a TimeSeries message from the specified reader or buffer.
         * @function decode
         * @memberof prometheus.TimeSeries
         * @static
         * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
         * @param {number} [length] Message length if known beforehand
         * @returns {prometheus.TimeSeries & prometheus.TimeSeries.$Shape} TimeSeries
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        TimeSeries.decode = function (reader, length, _end, _depth, _target) {
            if (!(reader instanceof $Reader))
                reader = $Reader.create(reader);
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $Reader.recursionLimit)
                throw $Error("max depth exceeded");
            let end, message;
            if (length === $undefined)
                end = reader.len;
            else {
                end = reader.pos + length;
                if (end > reader.len)
                    throw $RangeError("index out of range");
                length = reader.len;
                reader.len = end;
            }
            message = _target || new $root.prometheus.TimeSeries();
            while (reader.pos < end) {
                let start = reader.pos;
                let tag = reader.tag();
                if (tag === _end) {
                    _end = $undefined;
                    break;
                }
                let wireType = tag & 7;
                switch (tag >>>= 3) {
                case 1: {
                        if (wireType !== 2)
                            break;
                        if (!(message.labels && message.labels.length))
                            message.labels = [];
                        message.labels.push($root.prometheus.Label.decode(reader, reader.size(), $undefined, _depth + 1));
                        continue;
                    }
                case 2: {
                        if (wireType !== 2)
                            break;
                        if (!(message.samples && message.samples.length))
                            message.samples = [];
                        message.samples.push($root.prometheus.Sample.decode(reader, reader.size(), $undefined, _depth + 1));
                        continue;
                    }
                case 4: {
                        if (wireType !== 2)
                            break;
                        if (!(message.histograms && message.histograms.length))
                            message.histograms = [];
                        message.histograms.push($root.prometheus.Histogram.decode(reader, reader.size(), $undefined, _depth + 1));
                        continue;
                    }
                }
                reader.skipType(wireType, _depth, tag);
                if (!reader.discardUnknown) {
                    $util.makeProp(message, "$unknowns", false);
                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                }
            }
            if (length !== $undefined) {
                if (reader.pos !== end)
                    throw $RangeError("index out of range");
                reader.len = length;
            }
            if (_end !== $undefined)
                throw $Error("missing end group");
            return message;
        };

        return TimeSeries;
    })();

    prometheus.Label = (function() {

        /**
         * Properties of a Label.
         * @typedef {Object} prometheus.Label.$Properties
         * @property {string|null} [name] Label name
         * @property {string|null} [value] Label value
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */

        /**
         * Properties of a Label.
         * @memberof prometheus
         * @interface ILabel
         * @augments prometheus.Label.$Properties
         * @deprecated Use prometheus.Label.$Properties instead.
         */

        /**
         * Shape of a Label.
         * @typedef {prometheus.Label.$Properties} prometheus.Label.$Shape
         */

        /**
         * Constructs a new Label.
         * @memberof prometheus
         * @classdesc Represents a Label.
         * @constructor
         * @param {prometheus.Label.$Properties=} [properties] Properties to set
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */
        const Label = function (properties) {
            if (properties)
                for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        /**
         * Label name.
         * @member {string} name
         * @memberof prometheus.Label
         * @instance
         */
        Label.prototype.name = "";

        /**
         * Label value.
         * @member {string} value
         * @memberof prometheus.Label
         * @instance
         */
        Label.prototype.value = "";

        /**
         * Creates a new Label instance using the specified properties.
         * @function create
         * @memberof prometheus.Label
         * @static
         * @param {prometheus.Label.$Properties=} [properties] Properties to set
         * @returns {prometheus.Label} Label instance
         * @type {{
         *   (properties: prometheus.Label.$Shape): prometheus.Label & prometheus.Label.$Shape;
         *   (properties?: prometheus.Label.$Properties): prometheus.Label;
         * }}
         */
        Label.create = function(properties) {
            return new Label(properties);
        };

        /**
         * Encodes the specified Label message. Does not implicitly {@link prometheus.Label.verify|verify} messages.
         * @function encode
         * @memberof prometheus.Label
         * @static
         * @param {prometheus.Label.$Properties} message Label message or plain object to encode
         * @param {$protobuf.Writer} [writer] Writer to encode to
         * @returns {$protobuf.Writer} Writer
         */
        Label.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                writer.uint32(/* id 1, wireType 2 =*/10).string(message.name);
            if (message.value != null && $Object.hasOwnProperty.call(message, "value") && message.value !== "")
                writer.uint32(/* id 2, wireType 2 =*/18).string(message.value);
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (let i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        /**
         * Decodes a Label message from the specified reader or buffer.
         * @function decode
         * @memberof prometheus.Label
         * @static
         * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
         * @param {number} [length] Message length if known beforehand
         * @returns {prometheus.Label & prometheus.Label.$Shape} Label
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        Label.decode = function (reader, length, _end, _depth, _target) {
            if (!(reader instanceof $Reader))
                reader = $Reader.create(reader);
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $Reader.recursionLimit)
                throw $Error("max depth exceeded");
            let end, message, value;
            if (length === $undefined)
                end = reader.len;
            else {
                end = reader.pos + length;
                if (end > reader.len)
                    throw $RangeError("index out of range");
                length = reader.len;
                reader.len = end;
            }
            message = _target || new $root.prometheus.Label();
            while (reader.pos < end) {
                let start = reader.pos;
                let tag = reader.tag();
                if (tag === _end) {
                    _end = $undefined;
                    break;
                }
                let wireType = tag & 7;
                switch (tag >>>= 3) {
                case 1: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.name = value;
                        else
                            delete message.name;
                        continue;
                    }
                case 2: {
                        if (wireType !== 2)
                            break;
                        if ((value = reader.stringVerify()).length)
                            message.value = value;
                        else
                            delete message.value;
                        continue;
                    }
                }
                reader.skipType(wireType, _depth, tag);
                if (!reader.discardUnknown) {
                    $util.makeProp(message, "$unknowns", false);
                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                }
            }
            if (length !== $undefined) {
                if (reader.pos !== end)
                    throw $RangeError("index out of range");
                reader.len = length;
            }
            if (_end !== $undefined)
                throw $Error("missing end group");
            return message;
        };

        return Label;
    })();

    prometheus.Sample = (function() {

        /**
         * Properties of a Sample.
         * @typedef {Object} prometheus.Sample.$Properties
         * @property {number|null} [value] Sample value
         * @property {number|Long|null} [timestamp] Sample timestamp
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */

        /**
         * Properties of a Sample.
         * @memberof prometheus
         * @interface ISample
         * @augments prometheus.Sample.$Properties
         * @deprecated Use prometheus.Sample.$Properties instead.
         */

        /**
         * Shape of a Sample.
         * @typedef {prometheus.Sample.$Properties} prometheus.Sample.$Shape
         */

        /**
         * Constructs a new Sample.
         * @memberof prometheus
         * @classdesc Represents a Sample.
         * @constructor
         * @param {prometheus.Sample.$Properties=} [properties] Properties to set
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */
        const Sample = function (properties) {
            if (properties)
                for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        /**
         * Sample value.
         * @member {number} value
         * @memberof prometheus.Sample
         * @instance
         */
        Sample.prototype.value = 0;

        /**
         * Sample timestamp.
         * @member {number|Long} timestamp
         * @memberof prometheus.Sample
         * @instance
         */
        Sample.prototype.timestamp = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

        /**
         * Creates a new Sample instance using the specified properties.
         * @function create
         * @memberof prometheus.Sample
         * @static
         * @param {prometheus.Sample.$Properties=} [properties] Properties to set
         * @returns {prometheus.Sample} Sample instance
         * @type {{
         *   (properties: prometheus.Sample.$Shape): prometheus.Sample & prometheus.Sample.$Shape;
         *   (properties?: prometheus.Sample.$Properties): prometheus.Sample;
         * }}
         */
        Sample.create = function(properties) {
            return new Sample(properties);
        };

        /**
         * Encodes the specified Sample message. Does not implicitly {@link prometheus.Sample.verify|verify} messages.
         * @function encode
         * @memberof prometheus.Sample
         * @static
         * @param {prometheus.Sample.$Properties} message Sample message or plain object to encode
         * @param {$protobuf.Writer} [writer] Writer to encode to
         * @returns {$protobuf.Writer} Writer
         */
        Sample.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.value != null && $Object.hasOwnProperty.call(message, "value") && !$Object.is(message.value, 0))
                writer.uint32(/* id 1, wireType 1 =*/9).double(message.value);
            if (message.timestamp != null && $Object.hasOwnProperty.call(message, "timestamp") && (typeof message.timestamp === "object" ? message.timestamp.low || message.timestamp.high : message.timestamp !== 0))
                writer.uint32(/* id 2, wireType 0 =*/16).int64(message.timestamp);
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (let i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        /**
         * Decodes a Sample message from the specified reader or buffer.
         * @function decode
         * @memberof prometheus.Sample
         * @static
         * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
         * @param {number} [length] Message length if known beforehand
         * @returns {prometheus.Sample & prometheus.Sample.$Shape} Sample
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        Sample.decode = function (reader, length, _end, _depth, _target) {
            if (!(reader instanceof $Reader))
                reader = $Reader.create(reader);
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $Reader.recursionLimit)
                throw $Error("max depth exceeded");
            let end, message, value;
            if (length === $undefined)
                end = reader.len;
            else {
                end = reader.pos + length;
                if (end > reader.len)
                    throw $RangeError("index out of range");
                length = reader.len;
                reader.len = end;
            }
            message = _target || new $root.prometheus.Sample();
            while (reader.pos < end) {
                let start = reader.pos;
                let tag = reader.tag();
                if (tag === _end) {
                    _end = $undefined;
                    break;
                }
                let wireType = tag & 7;
                switch (tag >>>= 3) {
                case 1: {
                        if (wireType !== 1)
                            break;
                        if (!$Object.is(value = reader.double(), 0))
                            message.value = value;
                        else
                            delete message.value;
                        continue;
                    }
                case 2: {
                        if (wireType !== 0)
                            break;
                        if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                            message.timestamp = value;
                        else
                            delete message.timestamp;
                        continue;
                    }
                }
                reader.skipType(wireType, _depth, tag);
                if (!reader.discardUnknown) {
                    $util.makeProp(message, "$unknowns", false);
                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                }
            }
            if (length !== $undefined) {
                if (reader.pos !== end)
                    throw $RangeError("index out of range");
                reader.len = length;
            }
            if (_end !== $undefined)
                throw $Error("missing end group");
            return message;
        };

        return Sample;
    })();

    prometheus.Histogram = (function() {

        /**
         * Properties of a Histogram.
         * @typedef {Object} prometheus.Histogram.$Properties
         * @property {number|Long|null} [timestamp] Histogram timestamp
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */

        /**
         * Properties of a Histogram.
         * @memberof prometheus
         * @interface IHistogram
         * @augments prometheus.Histogram.$Properties
         * @deprecated Use prometheus.Histogram.$Properties instead.
         */

        /**
         * Shape of a Histogram.
         * @typedef {prometheus.Histogram.$Properties} prometheus.Histogram.$Shape
         */

        /**
         * Constructs a new Histogram.
         * @memberof prometheus
         * @classdesc Represents a Histogram.
         * @constructor
         * @param {prometheus.Histogram.$Properties=} [properties] Properties to set
         * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
         */
        const Histogram = function (properties) {
            if (properties)
                for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                    if (properties[keys[i]] != null && keys[i] !== "__proto__")
                        this[keys[i]] = properties[keys[i]];
        };

        /**
         * Histogram timestamp.
         * @member {number|Long} timestamp
         * @memberof prometheus.Histogram
         * @instance
         */
        Histogram.prototype.timestamp = $util.Long ? $util.Long.fromBits(0,0,false) : 0;

        /**
         * Creates a new Histogram instance using the specified properties.
         * @function create
         * @memberof prometheus.Histogram
         * @static
         * @param {prometheus.Histogram.$Properties=} [properties] Properties to set
         * @returns {prometheus.Histogram} Histogram instance
         * @type {{
         *   (properties: prometheus.Histogram.$Shape): prometheus.Histogram & prometheus.Histogram.$Shape;
         *   (properties?: prometheus.Histogram.$Properties): prometheus.Histogram;
         * }}
         */
        Histogram.create = function(properties) {
            return new Histogram(properties);
        };

        /**
         * Encodes the specified Histogram message. Does not implicitly {@link prometheus.Histogram.verify|verify} messages.
         * @function encode
         * @memberof prometheus.Histogram
         * @static
         * @param {prometheus.Histogram.$Properties} message Histogram message or plain object to encode
         * @param {$protobuf.Writer} [writer] Writer to encode to
         * @returns {$protobuf.Writer} Writer
         */
        Histogram.encode = function (message, writer, _depth) {
            if (!writer)
                writer = $Writer.create();
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $util.recursionLimit)
                throw $Error("max depth exceeded");
            if (message.timestamp != null && $Object.hasOwnProperty.call(message, "timestamp") && (typeof message.timestamp === "object" ? message.timestamp.low || message.timestamp.high : message.timestamp !== 0))
                writer.uint32(/* id 15, wireType 0 =*/120).int64(message.timestamp);
            if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                for (let i = 0; i < message.$unknowns.length; ++i)
                    writer.raw(message.$unknowns[i]);
            return writer;
        };

        /**
         * Decodes a Histogram message from the specified reader or buffer.
         * @function decode
         * @memberof prometheus.Histogram
         * @static
         * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
         * @param {number} [length] Message length if known beforehand
         * @returns {prometheus.Histogram & prometheus.Histogram.$Shape} Histogram
         * @throws {Error} If the payload is not a reader or valid buffer
         * @throws {$protobuf.util.ProtocolError} If required fields are missing
         */
        Histogram.decode = function (reader, length, _end, _depth, _target) {
            if (!(reader instanceof $Reader))
                reader = $Reader.create(reader);
            if (_depth === $undefined)
                _depth = 0;
            if (_depth > $Reader.recursionLimit)
                throw $Error("max depth exceeded");
            let end, message, value;
            if (length === $undefined)
                end = reader.len;
            else {
                end = reader.pos + length;
                if (end > reader.len)
                    throw $RangeError("index out of range");
                length = reader.len;
                reader.len = end;
            }
            message = _target || new $root.prometheus.Histogram();
            while (reader.pos < end) {
                let start = reader.pos;
                let tag = reader.tag();
                if (tag === _end) {
                    _end = $undefined;
                    break;
                }
                let wireType = tag & 7;
                switch (tag >>>= 3) {
                case 15: {
                        if (wireType !== 0)
                            break;
                        if (typeof (value = reader.int64()) === "object" ? value.low || value.high : value !== 0)
                            message.timestamp = value;
                        else
                            delete message.timestamp;
                        continue;
                    }
                }
                reader.skipType(wireType, _depth, tag);
                if (!reader.discardUnknown) {
                    $util.makeProp(message, "$unknowns", false);
                    (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                }
            }
            if (length !== $undefined) {
                if (reader.pos !== end)
                    throw $RangeError("index out of range");
                reader.len = length;
            }
            if (_end !== $undefined)
                throw $Error("missing end group");
            return message;
        };

        return Histogram;
    })();

    return prometheus;
})();

export {
  $root as default
};
