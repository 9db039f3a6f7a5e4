#!/usr/bin/env bash
# The server suite. Without DATABASE_URL: every file on the embedded PGlite. With it: every file on
# PostgreSQL, then on PGlite only the files whose outcome can depend on the driver
# (apps/server/vitest.config.ts, docs/decisions/0019); KS_SERVER_PGLITE=all runs every file on both.
# An argument runs one half: `postgres` or `pglite` (.ci/run times them apart).
set -euo pipefail
cd "$(dirname "$0")/.."
pg_url="${DATABASE_URL:-}"
part="${1:-both}"

on_postgres() {
  echo "== server tests on PostgreSQL ($pg_url)"
  DATABASE_URL="$pg_url" npm test -w @ks/server
}

on_pglite() {
  if [ -z "$pg_url" ] || [ "${KS_SERVER_PGLITE:-driver}" = all ]; then
    echo "== server tests on PGlite (every file)"
    env -u DATABASE_URL npm test -w @ks/server
  else
    echo "== server tests on PGlite (the driver-sensitive files; the rest ran on PostgreSQL)"
    env -u DATABASE_URL KS_SERVER_TESTS=driver npm test -w @ks/server
  fi
}

case "$part" in
  postgres)
    [ -n "$pg_url" ] || { echo "DATABASE_URL is not set: no PostgreSQL to test on"; exit 1; }
    on_postgres ;;
  pglite) on_pglite ;;
  both)
    if [ -n "$pg_url" ]; then on_postgres; fi
    on_pglite ;;
  *) echo "usage: $0 [postgres|pglite]"; exit 2 ;;
esac
