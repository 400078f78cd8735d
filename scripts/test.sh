#!/usr/bin/env bash
# npm test: every check a submission must pass, cheapest first.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step says when it started, so a slow run shows which step took the time.
step() { printf '\n\033[1m== %s\033[0m (at %d s)\n' "$*" "$SECONDS"; }

# Runs steps side by side, each given as "name: command": each one's output is printed whole once it has ended, with
# its own time; fails when any of them failed. For steps that use one core each and need nothing of one another.
side_by_side() {
  local out names=() pids=() spec index failed=0
  out="$(mktemp -d)"
  for spec in "$@"; do
    names+=("${spec%%: *}")
    ( started=$SECONDS; bash -c "${spec#*: }"; code=$?; echo "$((SECONDS - started))" > "$out/${#pids[@]}.took"; exit "$code" ) > "$out/${#pids[@]}" 2>&1 &
    pids+=($!)
  done
  for index in "${!pids[@]}"; do
    local result=passed
    wait "${pids[$index]}" || { result=FAILED; failed=1; }
    printf -- '-- %s %s in %s s\n' "${names[$index]}" "$result" "$(cat "$out/$index.took" 2>/dev/null || echo '?')"
    cat "$out/$index"
  done
  rm -rf "$out"
  return "$failed"
}

step "contract lint";            npx redocly lint openapi/gateway.yaml --format=summary
step "generated types are fresh"; bash scripts/check-api-types.sh
step "config types are fresh";   npx tsx scripts/gen-config-types.ts --check
step "config docs are fresh";    npx tsx scripts/gen-config-docs.ts --check
step "config check";             npx tsx scripts/check-config.ts
step "one registration per screen"; npx tsx scripts/check-screens.ts
step "form validators";          npx tsx scripts/compile-form-validators.ts
# tsc and ESLint (then the dead-export check) take about 22 s each and need nothing of each other: with them side by
# side the checks stage took 46 s, about 55 s with them one after the other (quiet, 2026-12-03).
step "typecheck, beside lint and dead exports"
side_by_side "typecheck: npx tsc -p tsconfig.json --noEmit" "lint and dead exports: npx eslint . && npx tsx scripts/check-dead-exports.ts"
# vitest's ten slowest files are printed again at the end, under Playwright's (reportSlowTests).
SLOWEST_FILES_LOG="$(mktemp)"; export SLOWEST_FILES_LOG; trap 'rm -f "$SLOWEST_FILES_LOG"' EXIT
step "unit, gateway (SQLite and PostgreSQL) and contract tests"; npx vitest run
step "crash test (10 kills, SQLite)"; node --import tsx scripts/crash-test.ts
step "web build";                npx vite build --logLevel warn && npx vite build -c vite.server.config.ts --logLevel warn
step "login route size";         npx tsx scripts/check-login-size.ts
step "end-to-end (Chromium)";    npx playwright test
cat "$SLOWEST_FILES_LOG"
printf '\nnpm test passed in %d s\n' "$SECONDS"
