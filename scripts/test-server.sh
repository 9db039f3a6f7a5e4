#!/usr/bin/env bash
# The server suite on the embedded PGlite, then again on PostgreSQL when DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."
pg_url="${DATABASE_URL:-}"
echo "== server tests on PGlite"
env -u DATABASE_URL npm test -w @ks/server
if [ -n "$pg_url" ]; then
  echo "== server tests on PostgreSQL ($pg_url)"
  DATABASE_URL="$pg_url" npm test -w @ks/server
fi
