#!/usr/bin/env bash
# Container health check of the gofarm image: exit 0 when /-/healthy on 127.0.0.1:PORT answers
# 200, 1 otherwise. PORT is $1, else $GOFARM_HEALTH_PORT, else 9091 (the coordinator's metrics
# port). Plain bash (/dev/tcp): the JRE image has no curl.
set -euo pipefail

# A peer that resets the connection (say, the gRPC port) must give "unhealthy", not death by
# SIGPIPE (exit 141): writes then just fail.
trap '' PIPE

port="${1:-${GOFARM_HEALTH_PORT:-9091}}"
if ! [[ "$port" =~ ^[0-9]{1,5}$ ]]; then
  echo "healthcheck: port must be a number (got '$port')" >&2
  exit 1
fi
if ! { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null; then
  echo "healthcheck: nothing listens on 127.0.0.1:$port" >&2
  exit 1
fi
printf 'GET /-/healthy HTTP/1.0\r\nHost: 127.0.0.1:%s\r\n\r\n' "$port" >&3 2>/dev/null || true
status=""
read -r -t 4 status <&3 || true
exec 3<&-
if [[ "$status" =~ ^HTTP/1\.[01]\ 200 ]]; then
  exit 0
fi
status="${status%$'\r'}"
echo "healthcheck: 127.0.0.1:$port/-/healthy answered '${status//[^[:print:]]/?}'" >&2
exit 1
