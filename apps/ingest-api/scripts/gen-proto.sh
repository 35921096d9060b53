#!/usr/bin/env bash
# Generates the OTLP trace code from the vendored .proto files: protobufjs static code (responses,
# request encoding for tests and benchmarks, the reference decoder) and the request decoder.
# Run with `pnpm gen:proto` after changing proto/; the output is committed, so CI needs no codegen.
# Why protobufjs and a generated decoder: docs/decisions/0007-otlp-decoding.md.
set -euo pipefail
cd "$(dirname "$0")/.."
out=src/otlp/generated
mkdir -p "$out"
# Only what the endpoint needs: decode requests, encode responses (and requests, for tests and the
# benchmark). No verify/convert/delimited code: the decoder's output is mapped by src/otlp/*.
pbjs --target static-module --wrap esm \
  --no-verify --no-convert --no-delimited --no-typeurl --no-service \
  --path proto \
  --out "$out/otlp.js" --dts \
  proto/opentelemetry/proto/collector/trace/v1/trace_service.proto
echo "generated $out/otlp.js and $out/otlp.d.ts"
# The request decoder the endpoint runs (see the script's header).
tsx scripts/gen-otlp-decoder.ts
