#!/usr/bin/env bash
# Generates the protobuf code from the vendored .proto files:
# - the request decoders the endpoints run (scripts/gen-otlp-decoder.ts): src/otlp-traces/generated,
#   src/otlp-metrics/generated, src/remote-write/generated;
# - protobufjs static modules under proto/static/, for clients of the service outside it (tests and
#   benchmarks encode requests with them, the decoder tests use them as the reference). The service
#   never loads them: its two protobuf replies are written by src/protobuf/partial-success.ts.
# Run with `pnpm gen:proto` after changing proto/; the output is committed, so CI needs no codegen.
# Why protobufjs and a generated decoder: docs/decisions/0007-otlp-decoding.md.
set -euo pipefail
cd "$(dirname "$0")/.."
static=proto/static
mkdir -p "$static" src/otlp-traces/generated src/remote-write/generated src/otlp-metrics/generated
# No verify/convert/delimited code: only encode and decode of the messages.
pbjs_static() {
  pbjs --target static-module --wrap esm \
    --no-verify --no-convert --no-delimited --no-typeurl --no-service \
    --path proto "$@"
}

# OTLP traces.
pbjs_static --out "$static/otlp.js" --dts proto/opentelemetry/proto/collector/trace/v1/trace_service.proto
tsx scripts/gen-otlp-decoder.ts

# Each static module below registers under its own protobufjs root (--root): modules on the default
# root replace each other's `opentelemetry` namespace, which their encoders look types up in.
# Prometheus remote write 1.0 (the decoder reads int64 times as plain numbers).
pbjs_static --root remote_write --out "$static/remote.js" --dts proto/prometheus/remote.proto
tsx scripts/gen-otlp-decoder.ts prometheus/remote.proto prometheus.WriteRequest src/remote-write/generated/remote-decode.ts --int64-number

# OTLP metrics.
pbjs_static --root otlp_metrics --out "$static/metrics.js" --dts proto/opentelemetry/proto/collector/metrics/v1/metrics_service.proto
tsx scripts/gen-otlp-decoder.ts opentelemetry/proto/collector/metrics/v1/metrics_service.proto \
  opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest src/otlp-metrics/generated/metrics-decode.ts
echo "generated $static/ and the decoders under src/*/generated/"
