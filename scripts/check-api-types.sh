#!/usr/bin/env bash
# Fails when src/api/gateway.d.ts or src/api/operations.gen.ts no longer matches openapi/gateway.yaml (both are
# generated, never edited).
set -euo pipefail
cd "$(dirname "$0")/.."

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

if ! node_modules/.bin/openapi-typescript openapi/gateway.yaml -o "$tmp/gateway.d.ts" >"$tmp/log" 2>&1; then
  cat "$tmp/log" >&2
  echo "openapi-typescript could not generate types from openapi/gateway.yaml" >&2
  exit 1
fi

if [ ! -f src/api/gateway.d.ts ] || ! cmp -s "$tmp/gateway.d.ts" src/api/gateway.d.ts; then
  echo "src/api/gateway.d.ts is stale: run npm run gen:api" >&2
  if [ -f src/api/gateway.d.ts ]; then
    diff -u src/api/gateway.d.ts "$tmp/gateway.d.ts" | head -n 40 >&2 || true
  fi
  exit 1
fi

echo "src/api/gateway.d.ts is up to date"
node_modules/.bin/tsx scripts/gen-api-operations.ts --check
