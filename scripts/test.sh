#!/usr/bin/env bash
# Every test: server (PGlite, and PostgreSQL when DATABASE_URL is set), web components, end to end.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/test-server.sh
echo "== web component tests"
npm test -w @ks/web
echo "== end-to-end tests (production build, real server, headless Chromium)"
npm run build
npm test -w @ks/e2e
