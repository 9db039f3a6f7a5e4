#!/usr/bin/env bash
# Every test: server (PGlite, or PostgreSQL plus PGlite's driver-sensitive files when DATABASE_URL
# is set; scripts/test-server.sh), web components, end to end. KS_BUILT=1 skips the production
# build the end-to-end suite runs on, for a caller that has just built this tree (.ci/run).
set -uo pipefail
cd "$(dirname "$0")/.."
# Each part prints its start and its duration, and a table of them closes the run, so a CI log
# shows where the time went (docs/decisions/0019). A failing part does not stop the later ones:
# one run reports every failure; the status is the first failure's.
parts=()
status=0
part() {
  local name=$1 start rc
  shift
  start=$(date +%s)
  echo "== $name ($(date +%T))"
  "$@"
  rc=$?
  echo "== $name took $(($(date +%s) - start)) s"
  parts+=("$(printf '%-44s %6d s%s' "$name" $(($(date +%s) - start)) "$([ "$rc" -eq 0 ] || echo "  (failed: $rc)")")")
  if [ "$status" -eq 0 ]; then status=$rc; fi
  return "$rc"
}
part "server tests on PGlite" bash scripts/test-server.sh pglite
part "web component tests" npm test -w @ks/web
built=1
if [ "${KS_BUILT:-}" != 1 ]; then
  part "production build" npm run build || built=0
fi
# The server suite on PostgreSQL runs beside the end-to-end suite, which spends most of its time
# waiting for a browser to settle: on two cores the pair takes little longer than the end-to-end
# suite alone (decision 0019). Its output is held and printed whole when it ends, so the two logs
# do not interleave; its part is timed on its own.
server_pg_pid=''
if [ -n "${DATABASE_URL:-}" ]; then
  server_pg_log=$(mktemp)
  ( part "server tests on PostgreSQL (beside the end-to-end suite)" bash scripts/test-server.sh postgres
    printf '%s\n' "${parts[-1]}" > "$server_pg_log.part"
    exit "$status" ) > "$server_pg_log" 2>&1 &
  server_pg_pid=$!
fi
# Not on a failed build: the suite would run on an older one, or only fail on its missing files.
if [ "$built" = 1 ]; then
  part "end-to-end tests (production build, real server, headless Chromium)" npm test -w @ks/e2e
fi
if [ -n "$server_pg_pid" ]; then
  wait "$server_pg_pid"
  rc=$?
  cat "$server_pg_log"
  parts+=("$(cat "$server_pg_log.part")")
  if [ "$status" -eq 0 ]; then status=$rc; fi
  rm -f "$server_pg_log" "$server_pg_log.part"
fi
printf '\n== test parts\n'
printf '%s\n' "${parts[@]}"
exit "$status"
