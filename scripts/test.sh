#!/usr/bin/env bash
# `npm test`: the services the tests use (scripts/services.sh), lint, typecheck, unit/property tests,
# build, browser tests and the generated-code drift check, ending with one line
# `N passed, N failed` summed over every vitest JSON report.
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_TUI=false FORCE_COLOR="${FORCE_COLOR:-0}"

# Whatever happens, finish with the summary line; exit non-zero if any step or test failed.
finish() {
  local status=$?
  trap - EXIT
  if [ "$status" -ne 0 ]; then
    echo "npm test: a step failed (exit $status); summary of the tests that ran:" >&2
  fi
  node scripts/summarize-tests.mjs || status=1
  exit "$status"
}
trap finish EXIT

step() { echo; echo "==> $*"; }

step "Browser for the browser tests"
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian chromium for browser tests…"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "npm test: $CHROMIUM is missing and cannot be installed here (needs root and apt-get)." >&2
    echo "Install it with: sudo apt-get install chromium   (or set CHROMIUM_PATH). Browser tests are never skipped." >&2
    exit 1
  fi
fi
echo "using $CHROMIUM"

step "Services for the tests: PostgreSQL, Redis, NATS"
# Each must answer; as root with apt-get, a missing one is installed from Debian and started
# (saying so), otherwise this stops with a clear message. Exports DATABASE_URL, REDIS_URL and
# NATS_URL (defaults: 127.0.0.1:5432 database test, :6379, :4222) for every test below.
# shellcheck source=services.sh
source scripts/services.sh

rm -rf reports/vitest
mkdir -p reports/vitest

step "Lint, typecheck, test, build"
npx nx run-many -t lint typecheck test build --output-style=stream

step "Rule files: check every game, check their layout (fmt), run every scenario"
npx --no-install decksmith check games docs/tutorial
npx --no-install decksmith fmt --check games docs/tutorial
scenario_status=0
npx --no-install decksmith scenario games docs/tutorial --format json > reports/scenarios.json || scenario_status=$?
node scripts/scenario-report.mjs reports/scenarios.json reports/vitest/scenarios.json
if [ "$scenario_status" -ne 0 ]; then
  npx --no-install decksmith scenario games docs/tutorial | grep -v '^ok' || true
  exit "$scenario_status"
fi

step "Browser tests"
npx nx run-many -t e2e --output-style=stream

step "Generated-code drift check"
# Game modules first: names every games/*/generated file that regenerating would change.
npx --no-install decksmith gen --check
bash scripts/drift-check.sh
