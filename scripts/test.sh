#!/usr/bin/env bash
# Every test: server (PGlite, or PostgreSQL plus PGlite's driver-sensitive files when DATABASE_URL
# is set; scripts/test-server.sh), web components, end to end. KS_BUILT=1 skips the production
# build the end-to-end suite runs on, for a caller that has just built this tree (.ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/test-server.sh
echo "== web component tests"
npm test -w @ks/web
echo "== end-to-end tests (production build, real server, headless Chromium)"
[ "${KS_BUILT:-}" = 1 ] || npm run build
npm test -w @ks/e2e
