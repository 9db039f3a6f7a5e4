#!/usr/bin/env bash
# Renders nginx/ks-platform.conf.template with the KS_* variables of the environment (see the
# template's header) and prints the result. Only ${KS_...} placeholders are replaced, so nginx's
# own $variables stay as they are.
set -euo pipefail
template="$(dirname "$0")/nginx/ks-platform.conf.template"
: "${KS_UPSTREAM_SERVERS:?one 'server host:port;' per instance}"
: "${KS_WEB_ROOT:?the built apps/web/dist}"
: "${KS_TLS_CERT:?certificate file}" "${KS_TLS_KEY:?key file}"
export KS_HTTP_PORT="${KS_HTTP_PORT:-80}" KS_HTTPS_PORT="${KS_HTTPS_PORT:-443}" KS_SERVER_NAME="${KS_SERVER_NAME:-_}"
envsubst '${KS_UPSTREAM_SERVERS} ${KS_HTTP_PORT} ${KS_HTTPS_PORT} ${KS_SERVER_NAME} ${KS_TLS_CERT} ${KS_TLS_KEY} ${KS_WEB_ROOT}' <"$template"
