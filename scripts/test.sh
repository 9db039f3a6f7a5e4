#!/usr/bin/env bash
# Every test: server (PGlite, or PostgreSQL plus PGlite's driver-sensitive files when DATABASE_URL
# is set; scripts/test-server.sh), web components, end to end. KS_BUILT=1 skips the production
# build the end-to-end suite runs on, for a caller that has just built this tree (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
# Each part prints its start and its duration, so a CI log shows where the time went.
part() {
  local name=$1 start
  shift
  start=$(date +%s)
  echo "== $name ($(date +%T))"
  "$@"
  echo "== $name took $(($(date +%s) - start)) s"
}
part "server tests" bash scripts/test-server.sh
part "web component tests" npm test -w @ks/web
[ "${KS_BUILT:-}" = 1 ] || part "production build" npm run build
part "end-to-end tests (production build, real server, headless Chromium)" npm test -w @ks/e2e
