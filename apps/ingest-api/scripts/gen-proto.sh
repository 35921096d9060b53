#!/usr/bin/env bash
# Generates the OTLP trace code from the vendored .proto files: protobufjs static code (responses,
# request encoding for tests and benchmarks, the reference decoder) and the request decoder.
# Run with `pnpm gen:proto` after changing proto/; the output is committed, so CI needs no codegen.
# Why protobufjs and a generated decoder: docs/decisions/0007-otlp-decoding.md.
set -euo pipefail
cd "$(dirname "$0")/.."
out=src/otlp-traces/generated
mkdir -p "$out"
# Only what the endpoint needs: decode requests, encode responses (and requests, for tests and the
# benchmark). No verify/convert/delimited code: the decoder's output is mapped by src/otlp-traces/*.
pbjs --target static-module --wrap esm \
  --no-verify --no-convert --no-delimited --no-typeurl --no-service \
  --path proto \
  --out "$out/otlp.js" --dts \
  proto/opentelemetry/proto/collector/trace/v1/trace_service.proto
echo "generated $out/otlp.js and $out/otlp.d.ts"
# The request decoder the endpoint runs (see the script's header).
tsx scripts/gen-otlp-decoder.ts

# Each static module below registers under its own protobufjs root (--root): modules on the default
# root replace each other's `opentelemetry` namespace, which their encoders look types up in.
# Prometheus remote write 1.0: protobufjs static code (request encoding for tests and benchmarks, the
# reference decoder) and the request decoder the endpoint runs (int64 times as plain numbers).
rw=src/remote-write/generated
mkdir -p "$rw"
pbjs --target static-module --wrap esm \
  --no-verify --no-convert --no-delimited --no-typeurl --no-service \
  --root remote_write --path proto --out "$rw/remote.js" --dts proto/prometheus/remote.proto
tsx scripts/gen-otlp-decoder.ts prometheus/remote.proto prometheus.WriteRequest "$rw/remote-decode.ts" --int64-number

# OTLP metrics: protobufjs static code (responses, request encoding for tests) and the request decoder.
om=src/otlp-metrics/generated
mkdir -p "$om"
pbjs --target static-module --wrap esm \
  --no-verify --no-convert --no-delimited --no-typeurl --no-service \
  --root otlp_metrics --path proto --out "$om/metrics.js" --dts proto/opentelemetry/proto/collector/metrics/v1/metrics_service.proto
tsx scripts/gen-otlp-decoder.ts opentelemetry/proto/collector/metrics/v1/metrics_service.proto \
  opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest "$om/metrics-decode.ts"

# OTLP logs: protobufjs static code (responses, request encoding for tests) and the request decoder.
ol=src/otlp-logs/generated
mkdir -p "$ol"
pbjs --target static-module --wrap esm \
  --no-verify --no-convert --no-delimited --no-typeurl --no-service \
  --root otlp_logs --path proto --out "$ol/logs.js" --dts proto/opentelemetry/proto/collector/logs/v1/logs_service.proto
tsx scripts/gen-otlp-decoder.ts opentelemetry/proto/collector/logs/v1/logs_service.proto \
  opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest "$ol/logs-decode.ts"
