#!/usr/bin/env bash
# Backs up one KS Platform deployment into a new folder: the database, then the files.
#   DATABASE_URL=postgres://… FILES_DIR=/srv/ks-files deploy/backup.sh /backups/ks-$(date +%F)
# Order matters for consistency: a file's bytes are written to the store before the row naming it
# commits, and committed files are never deleted from the store (deletes are soft). So every file
# the dump names is already in the store when the copy starts; files that arrive during the copy
# are harmless extras. (With FILES_STORAGE=s3, copy the bucket after the dump the same way with
# the store's own tool — `mc mirror`, `rclone sync` — instead of the tar below.)
set -euo pipefail
dest="${1:?usage: backup.sh DEST_FOLDER}"
: "${DATABASE_URL:?the deployment's PostgreSQL}"
: "${FILES_DIR:?the deployment's local file store (FILES_DIR)}"
mkdir -p "$dest"
# One consistent snapshot of the whole database (pg_dump runs in a single repeatable-read
# transaction), in the custom format pg_restore reads.
pg_dump --format=custom --no-owner --file="$dest/database.dump" "$DATABASE_URL"
tar --create --gzip --file="$dest/files.tar.gz" --directory="$FILES_DIR" .
(cd "$dest" && sha256sum database.dump files.tar.gz >SHA256SUMS)
echo "backup written to $dest"
