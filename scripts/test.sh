#!/usr/bin/env bash
# npm test: every check a submission must pass, cheapest first.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step says when it started, so a slow run shows which step took the time.
step() { printf '\n\033[1m== %s\033[0m (at %d s)\n' "$*" "$SECONDS"; }

step "contract lint";            npx redocly lint openapi/gateway.yaml --format=summary
step "generated types are fresh"; bash scripts/check-api-types.sh
step "config types are fresh";   npx tsx scripts/gen-config-types.ts --check
step "config docs are fresh";    npx tsx scripts/gen-config-docs.ts --check
step "config check";             npx tsx scripts/check-config.ts
step "one registration per screen"; npx tsx scripts/check-screens.ts
step "form validators";          npx tsx scripts/compile-form-validators.ts
step "typecheck";                npx tsc -p tsconfig.json --noEmit
step "lint";                     npx eslint .
step "dead exports";             npx tsx scripts/check-dead-exports.ts
# vitest's ten slowest files are printed again at the end, under Playwright's (reportSlowTests).
SLOWEST_FILES_LOG="$(mktemp)"; export SLOWEST_FILES_LOG; trap 'rm -f "$SLOWEST_FILES_LOG"' EXIT
step "unit, gateway (SQLite and PostgreSQL) and contract tests"; npx vitest run
step "crash test (10 kills, SQLite)"; node --import tsx scripts/crash-test.ts
step "web build";                npx vite build --logLevel warn && npx vite build -c vite.server.config.ts --logLevel warn
step "login route size";         npx tsx scripts/check-login-size.ts
step "end-to-end (Chromium)";    npx playwright test
cat "$SLOWEST_FILES_LOG"
printf '\nnpm test passed in %d s\n' "$SECONDS"
