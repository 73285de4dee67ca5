#!/usr/bin/env bash
# Makes what a gofarm coordinator needs on a network, into one folder (mode 0700, files 0600):
#   tokens            the coordinator's --auth file: random tokens for an admin, a submitter
#                     ('local'), a reader ('grafana') and the workers ('workers')
#   ROLE.token        each of those tokens alone, for --token-file (admin, submitter, reader, worker)
#   worker-K.token    with --workers N: a worker token per machine, K = 1..N (names workers-K).
#                     Spot checks count one vote per token: give each machine its own
#   ca.pem            a self-signed CA (10 years) that clients and workers trust (--tls-ca);
#                     ca-key.pem signs with it
#   server.pem, server-key.pem   the coordinator's certificate (--tls-cert, --tls-key) for the
#                     host names and addresses given (default: 127.0.0.1 localhost)
# Files that exist are kept: run it again to add what is missing; delete the folder for new ones.
# Tokens come from /dev/urandom, the certificates from openssl ($OPENSSL_BIN or on the PATH).
set -euo pipefail

me="secrets.sh"
die() {
  echo "$me: $*" >&2
  exit 1
}

workers=0
if [[ "${1:-}" == --workers ]]; then
  [[ "${2:-}" =~ ^[1-9][0-9]{0,3}$ ]] || die "--workers takes a number of machines, 1..9999 (got '${2:-}')"
  workers=$2
  shift 2
fi
if [[ $# -lt 1 || "$1" == -h || "$1" == --help ]]; then
  echo "Usage: $me [--workers N] DIR [HOST...]   (HOST: a DNS name or an IP address of the"
  echo "       coordinator; default 127.0.0.1 localhost; N: a worker token per machine)."
  echo "       See docs/security.md."
  [[ $# -ge 1 ]] && exit 0
  exit 2
fi
dir=$1
shift
hosts=("$@")
(( ${#hosts[@]} > 0 )) || hosts=(127.0.0.1 localhost)
san=""
for h in "${hosts[@]}"; do
  if [[ "$h" =~ ^[0-9.]+$ || "$h" == *:* ]]; then
    san+="${san:+,}IP:$h"
  elif [[ "$h" =~ ^[A-Za-z0-9*]([A-Za-z0-9.-]*[A-Za-z0-9])?$ ]]; then
    san+="${san:+,}DNS:$h"
  else
    die "'$h' is neither a host name nor an IP address"
  fi
done

# A random token: 24 bytes of the kernel's randomness in URL-safe base64 (no '#', no spaces).
new_token() {
  head -c 24 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n'
}

umask 077
mkdir -p "$dir"
chmod 700 "$dir"

if [[ ! -s "$dir/tokens" ]]; then
  roles=(admin submitter reader worker)
  names=(admin local grafana workers)
  {
    echo "# gofarm tokens made by $me on $(date -u +%Y-%m-%dT%H:%M:%SZ): ROLE NAME TOKEN"
    for i in "${!roles[@]}"; do
      token="$(new_token)"
      printf '%s\n' "$token" >"$dir/${roles[i]}.token"
      printf '%-10s %-8s %s\n' "${roles[i]}" "${names[i]}" "$token"
    done
  } >"$dir/tokens.tmp"
  mv "$dir/tokens.tmp" "$dir/tokens"
fi
for f in tokens admin.token submitter.token reader.token worker.token; do
  [[ -s "$dir/$f" ]] || die "$dir/$f is missing; delete $dir to make new tokens"
done
# A worker token per machine, added to the tokens file if missing (a restarted coordinator or a
# SIGHUP reads them).
for ((k = 1; k <= workers; k++)); do
  if [[ ! -s "$dir/worker-$k.token" ]]; then
    token="$(new_token)"
    printf '%s\n' "$token" >"$dir/worker-$k.token"
    printf '%-10s %-8s %s\n' worker "workers-$k" "$token" >>"$dir/tokens"
  fi
done

if [[ ! -s "$dir/ca.pem" || ! -s "$dir/server.pem" || ! -s "$dir/server-key.pem" ]]; then
  openssl="${OPENSSL_BIN:-$(command -v openssl || true)}"
  [[ -n "$openssl" ]] ||
    die "openssl is needed for the TLS certificates: install it (Debian: apt-get install openssl) or set OPENSSL_BIN"
  (
    cd "$dir"
    if [[ ! -s ca.pem || ! -s ca-key.pem ]]; then
      "$openssl" req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 3650 \
        -keyout ca-key.pem -out ca.pem -subj "/CN=gofarm CA"
    fi
    "$openssl" req -new -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
      -keyout server-key.pem -out server.csr -subj "/CN=${hosts[0]}"
    printf 'subjectAltName=%s\nextendedKeyUsage=serverAuth\n' "$san" >server.ext
    "$openssl" x509 -req -in server.csr -CA ca.pem -CAkey ca-key.pem -CAcreateserial \
      -days 3650 -out server.pem -extfile server.ext
    rm -f server.csr server.ext ca.srl
  ) >"$dir/openssl.log" 2>&1 || die "openssl could not make the certificates; see $dir/openssl.log"
fi
echo "$me: tokens and TLS files in $dir (files made earlier are kept)"
