#!/usr/bin/env bash
# Restores a backup made by backup.sh into an EMPTY deployment (a new database, an empty files
# folder), then the instances are started on it as usual.
#   DATABASE_URL=postgres://…/ks_new FILES_DIR=/srv/ks-files-new deploy/restore.sh /backups/ks-2026-11-26
set -euo pipefail
src="${1:?usage: restore.sh BACKUP_FOLDER}"
: "${DATABASE_URL:?the new deployment's (empty) PostgreSQL database}"
: "${FILES_DIR:?the new deployment's (empty) file store folder}"
(cd "$src" && sha256sum --check --quiet SHA256SUMS)
tables=$(psql "$DATABASE_URL" -tAc "select count(*) from pg_tables where schemaname not in ('pg_catalog','information_schema')")
if [ "$tables" != "0" ]; then
  echo "refusing to restore: the target database is not empty ($tables tables)" >&2
  exit 1
fi
if [ -d "$FILES_DIR" ] && [ -n "$(ls -A "$FILES_DIR")" ]; then
  echo "refusing to restore: $FILES_DIR is not empty" >&2
  exit 1
fi
pg_restore --no-owner --exit-on-error --dbname="$DATABASE_URL" "$src/database.dump"
mkdir -p "$FILES_DIR"
tar --extract --gzip --file="$src/files.tar.gz" --directory="$FILES_DIR"
echo "restored $src"
