#!/bin/sh
# Reads an OTLP/JSON trace (loadwrap --trace-format otlp) with the OpenTelemetry project's own
# classes: `json_format.Parse` into `ExportTraceServiceRequest`, from PyPI's opentelemetry-proto,
# installed, pinned, into the scratch venv .build/otlp-venv on first use (as check-darwin installs
# zig). Prints one line per span: name, trace id, span id, parent span id (or -), start and end
# (Unix nanoseconds), status code; fails on a file the classes refuse. The end-to-end tests read
# it (OTLPTraceTests).
#
#   sh Scripts/check-otlp.sh FILE
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
venv=$here/.build/otlp-venv
version=1.45.2
installed=$("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("opentelemetry-proto"))' 2>/dev/null || true)
if [ "$installed" != "$version" ]; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q "opentelemetry-proto==$version"
fi
"$venv/bin/python" - "$1" <<'PY'
import base64, sys
from google.protobuf import json_format
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

request = json_format.Parse(open(sys.argv[1]).read(), ExportTraceServiceRequest())
# OTLP's JSON writes ids in hex; protobuf's JSON mapping reads every bytes field as base64, which
# hex digits are too: encoding the bytes back gives the ids as the file wrote them.
ident = lambda raw: base64.b64encode(raw).decode() if raw else "-"
for resource in request.resource_spans:
    for scope in resource.scope_spans:
        for span in scope.spans:
            print("\t".join([span.name, ident(span.trace_id), ident(span.span_id), ident(span.parent_span_id),
                             str(span.start_time_unix_nano), str(span.end_time_unix_nano), str(span.status.code)]))
PY
