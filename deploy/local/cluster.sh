#!/usr/bin/env bash
# A gofarm cluster on this machine: a coordinator and N workers on 127.0.0.1, each its own JVM,
# and optionally a real Prometheus (the `prometheus` binary, e.g. Debian's package) scraping all of
# them with deploy/prometheus/. The coordinator runs as it should on a network: TLS with a
# self-signed CA and tokens (--auth), both made with openssl in the state directory on first 'up'.
# Run with --help for the commands.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
me="cluster.sh"

usage() {
  cat <<EOF
Usage: $me COMMAND [OPTIONS]

A gofarm cluster on 127.0.0.1: a coordinator and N workers (each its own JVM), and with
--prometheus a Prometheus server that scrapes them with the config in deploy/prometheus/.

Commands:
  up       start the cluster; waits until every worker is connected, then prints the addresses
  status   show the processes, whether they still run, and the workers the coordinator sees
  down     stop exactly the processes 'up' started (SIGTERM, wait, then SIGKILL)
  logs     print the last lines of the logs (-f follows them)

Options of up:
  --workers N              worker processes (default: 2)
  --threads T              playout threads per worker (default: cores / workers, at least 1)
  --prometheus             also run Prometheus (binary: \$PROMETHEUS_BIN or prometheus on the PATH)
  --port P                 coordinator gRPC port, for workers and clients (default: 7070)
  --metrics-port M         coordinator /metrics port (default: 9091)
  --worker-metrics-port W  first worker's /metrics port; worker i uses W+i-1 (default: 9465)
  --prometheus-port Q      Prometheus web port (default: 9090)
  --scrape-interval D      Prometheus scrape and rule interval, e.g. 1s, 5s (default: the config's 5s)
  --lease-seconds L        coordinator chunk lease (default: the coordinator's, 60)
  --timeout S              seconds to wait for the cluster to come up (default: 120)

  The first 'up' makes, with deploy/secrets.sh in DIR/secrets (mode 0700, files 0600): 'tokens',
  the coordinator's --auth file with random tokens for an admin, a submitter, a reader and each
  worker (a token per worker, as per machine: spot checks count a token once), each token also
  alone in ROLE.token or worker-K.token for --token-file; and with openssl a CA (ca.pem)
  and a server certificate for 127.0.0.1 and localhost (server.pem, server-key.pem). Later 'up's
  reuse them; delete the folder to make new ones.

Options of logs:
  -f, --follow             keep printing new lines (Ctrl-C to stop)
  -n, --lines N            lines per log (default: 20)
  NAME...                  only these logs: coordinator, worker-1, ..., prometheus

Options of down:
  --timeout S              seconds to wait after SIGTERM before SIGKILL (default: 40; a worker
                           drains its running chunks for up to 25 s)

Every command:
  --state-dir DIR          where PIDs, logs, the coordinator's data and Prometheus's files live
                           (default: \$GOFARM_CLUSTER_DIR, else deploy/local/state)

Environment:
  GOFARM_BIN               the gofarm command (default: the repository's ./gofarm, which builds the
                           jar when it is missing or stale)
  GOFARM_JAVA_OPTS         extra JVM options for every gofarm process (e.g. -Xmx512m)
  OPENSSL_BIN              the openssl command (default: openssl on the PATH)
  PROMETHEUS_BIN           the prometheus binary (default: prometheus on the PATH)
EOF
}

die() {
  echo "$me: $*" >&2
  exit 1
}

# ------------------------------------------------------------------ arguments

command="${1:-}"
[[ -n "$command" ]] || { usage >&2; exit 2; }
shift
case "$command" in
  up | status | down | logs) ;;
  -h | --help | help) usage; exit 0 ;;
  *) echo "$me: unknown command '$command'" >&2; usage >&2; exit 2 ;;
esac

state="${GOFARM_CLUSTER_DIR:-$here/state}"
workers=2
threads=""
prometheus=false
port=7070
metrics_port=9091
worker_metrics_port=9465
prometheus_port=9090
scrape_interval=""
lease_seconds=""
timeout=""
follow=false
lines=20
names=()

need_value() { # OPTION ARGC
  (( $2 >= 2 )) || die "$1 needs a value (see $me --help)"
}

number() { # OPTION VALUE MIN MAX
  if ! [[ "$2" =~ ^[0-9]{1,9}$ ]] || (( 10#$2 < $3 || 10#$2 > $4 )); then
    die "$1 must be a whole number $3..$4 (got '$2')"
  fi
}

only_for() { # OPTION COMMAND...
  local option=$1 c
  shift
  for c in "$@"; do [[ "$command" == "$c" ]] && return 0; done
  die "$option is not an option of '$command' (see $me --help)"
}

while (( $# > 0 )); do
  case "$1" in
    --state-dir) need_value "$1" $#; state="$2"; shift 2 ;;
    --workers) only_for "$1" up; need_value "$1" $#; number "$1" "$2" 0 64; workers=$((10#$2)); shift 2 ;;
    --threads) only_for "$1" up; need_value "$1" $#; number "$1" "$2" 1 1024; threads=$((10#$2)); shift 2 ;;
    --prometheus) only_for "$1" up; prometheus=true; shift ;;
    --port) only_for "$1" up; need_value "$1" $#; number "$1" "$2" 1 65535; port=$((10#$2)); shift 2 ;;
    --metrics-port) only_for "$1" up; need_value "$1" $#; number "$1" "$2" 1 65535; metrics_port=$((10#$2)); shift 2 ;;
    --worker-metrics-port) only_for "$1" up; need_value "$1" $#; number "$1" "$2" 1 65535; worker_metrics_port=$((10#$2)); shift 2 ;;
    --prometheus-port) only_for "$1" up; need_value "$1" $#; number "$1" "$2" 1 65535; prometheus_port=$((10#$2)); shift 2 ;;
    --scrape-interval)
      only_for "$1" up; need_value "$1" $#
      [[ "$2" =~ ^[1-9][0-9]*(ms|s|m)$ ]] || die "--scrape-interval must be a duration like 1s, 500ms or 1m (got '$2')"
      scrape_interval="$2"; shift 2 ;;
    --lease-seconds) only_for "$1" up; need_value "$1" $#; number "$1" "$2" 5 86400; lease_seconds=$((10#$2)); shift 2 ;;
    --timeout) only_for "$1" up down; need_value "$1" $#; number "$1" "$2" 1 3600; timeout=$((10#$2)); shift 2 ;;
    -f | --follow) only_for "$1" logs; follow=true; shift ;;
    -n | --lines) only_for "$1" logs; need_value "$1" $#; number "$1" "$2" 1 100000; lines=$((10#$2)); shift 2 ;;
    -h | --help) usage; exit 0 ;;
    -*) die "unknown option '$1' (see $me --help)" ;;
    *) only_for "$1" logs; names+=("$1"); shift ;;
  esac
done

pids="$state/pids"
logs="$state/logs"

# ------------------------------------------------------------------ processes

# The processes this cluster started, in start order: coordinator, worker-1..N, prometheus.
recorded() {
  local f
  [[ -f "$state/order" ]] || return 0
  while IFS= read -r f; do
    [[ -n "$f" ]] && echo "$f"
  done <"$state/order"
}

# The same, last started first.
recorded_reversed() {
  local -a names=()
  local name i
  while IFS= read -r name; do names+=("$name"); done < <(recorded)
  for ((i = ${#names[@]} - 1; i >= 0; i--)); do echo "${names[i]}"; done
}

# " --state-dir DIR" when the state directory is not the default one, for the hints we print.
state_option() {
  [[ "$state" == "$here/state" ]] || printf ' --state-dir %q' "$state"
}

# Start time of a process as ps prints it: with the PID it identifies the process, so that a PID
# the kernel has reused for something else is never signalled.
started_at() {
  ps -o lstart= -p "$1" 2>/dev/null | tr -s ' ' || true
}

pid_of() { cat "$pids/$1.pid" 2>/dev/null || true; }

# True when NAME's recorded process is still the one we started and still runs.
alive() {
  local name=$1 pid
  pid="$(pid_of "$name")"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null &&
    [[ "$(started_at "$pid")" == "$(cat "$pids/$name.started" 2>/dev/null)" ]]
}

# start NAME COMMAND...: runs COMMAND in the background with its output in logs/NAME.log.
start() {
  local name=$1 pid
  shift
  nohup "$@" </dev/null >"$logs/$name.log" 2>&1 &
  pid=$!
  echo "$pid" >"$pids/$name.pid"
  started_at "$pid" >"$pids/$name.started"
  echo "$name" >>"$state/order"
}

# Stops the named processes: SIGTERM to all, wait up to the timeout, then SIGKILL.
stop() {
  local wait_for=$1 name pid deadline
  shift
  local running=()
  for name in "$@"; do
    pid="$(pid_of "$name")"
    [[ -n "$pid" ]] || continue
    if alive "$name"; then
      kill -TERM "$pid" 2>/dev/null || true
      running+=("$name")
    elif kill -0 "$pid" 2>/dev/null; then
      echo "$name: pid $pid is no longer the process this cluster started; left alone"
    fi
  done
  deadline=$((SECONDS + wait_for))
  for name in "${running[@]}"; do
    while alive "$name" && (( SECONDS < deadline )); do sleep 0.2; done
    pid="$(pid_of "$name")"
    if alive "$name"; then
      echo "$name: pid $pid still running after ${wait_for} s; sending SIGKILL"
      kill -KILL "$pid" 2>/dev/null || true
    else
      echo "$name: stopped (pid $pid)"
    fi
  done
}

# ------------------------------------------------------------------ HTTP on loopback

# http_get PORT PATH: prints the body of an HTTP 200 answer from 127.0.0.1:PORT; fails otherwise.
# Plain bash (/dev/tcp), so that nothing but bash is needed.
http_get() {
  local port=$1 path=$2 response
  response="$(
    exec 2>/dev/null
    exec 3<>"/dev/tcp/127.0.0.1/$port" || exit 1
    printf 'GET %s HTTP/1.0\r\nHost: 127.0.0.1:%s\r\n\r\n' "$path" "$port" >&3
    cat <&3
  )" || return 1
  [[ "$response" =~ ^HTTP/1\.[01]\ 200 ]] || return 1
  printf '%s\n' "${response#*$'\r\n\r\n'}"
}

count() { # N NOUN: "1 worker", "2 workers"
  if [[ "$1" == 1 ]]; then echo "$1 $2"; else echo "$1 $2s"; fi
}

# The value of an unlabelled sample in a Prometheus text exposition on stdin.
sample() {
  awk -v name="$1" '$1 == name { print $2; found = 1; exit } END { if (!found) exit 1 }'
}

port_in_use() { # PORT
  if command -v ss >/dev/null 2>&1; then
    [[ -n "$(ss -Htln "sport = :$1" 2>/dev/null)" ]] && return 0
  fi
  (exec 2>/dev/null; exec 3<>"/dev/tcp/127.0.0.1/$1") && return 0
  return 1
}

who_listens() { # PORT: " (pid 123, java)" when ss can tell
  command -v ss >/dev/null 2>&1 || return 0
  ss -Htlnp "sport = :$1" 2>/dev/null | sed -n 's/.*users:(("\([^"]*\)",pid=\([0-9]*\).*/ (pid \2, \1)/p' | head -1
}

# ------------------------------------------------------------------ commands

cmd_up() {
  if [[ -f "$state/order" ]]; then
    local name
    for name in $(recorded); do
      if alive "$name"; then
        die "a cluster started from $state is still running ($name, pid $(pid_of "$name")); run '$0 down$(state_option)' first, or use another --state-dir"
      fi
    done
  fi

  local gofarm="${GOFARM_BIN:-$repo/gofarm}"
  [[ -x "$gofarm" ]] || die "gofarm command not found or not executable: $gofarm (set GOFARM_BIN)"
  local prom=""
  if $prometheus; then
    prom="${PROMETHEUS_BIN:-$(command -v prometheus || true)}"
    [[ -n "$prom" && -x "$prom" ]] ||
      die "--prometheus needs the prometheus binary: install it (Debian: apt-get install prometheus) or set PROMETHEUS_BIN"
  fi
  if [[ -z "$threads" ]]; then
    local cores
    cores="$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)"
    threads=$(( workers > 0 && cores / workers > 1 ? cores / workers : 1 ))
  fi
  local wait_up="${timeout:-120}"

  # Every port this cluster will listen on, with the option that sets it.
  local -a ports=("$port" "$metrics_port") what=("coordinator gRPC (--port)" "coordinator metrics (--metrics-port)")
  local i
  for ((i = 1; i <= workers; i++)); do
    ports+=($((worker_metrics_port + i - 1)))
    what+=("worker-$i metrics (--worker-metrics-port $worker_metrics_port + $((i - 1)))")
  done
  if $prometheus; then
    ports+=("$prometheus_port")
    what+=("Prometheus (--prometheus-port)")
  fi
  local j
  for ((i = 0; i < ${#ports[@]}; i++)); do
    (( ports[i] <= 65535 )) || die "port ${ports[i]} for ${what[i]} is above 65535"
    for ((j = 0; j < i; j++)); do
      (( ports[i] != ports[j] )) || die "port ${ports[i]} is given twice: for ${what[j]} and for ${what[i]}"
    done
    if port_in_use "${ports[i]}"; then
      die "port ${ports[i]} for ${what[i]} is already in use$(who_listens "${ports[i]}"); choose another port with that option"
    fi
  done

  mkdir -p "$state" "$pids" "$logs" "$state/data"
  rm -f "$pids"/*.pid "$pids"/*.started "$state/order"
  local secrets="$state/secrets"
  bash "$repo/deploy/secrets.sh" --workers "$workers" "$secrets" 127.0.0.1 localhost >/dev/null ||
    die "could not make the tokens and certificates in $secrets"

  # Build the jar once now (./gofarm builds it when stale) rather than in every process at once.
  "$gofarm" --version >/dev/null || die "'$gofarm --version' failed: cannot run gofarm"

  # Whatever ends this 'up' before the cluster is complete (an error, Ctrl-C) stops what it started.
  trap 'on_exit' EXIT
  trap 'exit 130' INT
  trap 'exit 143' TERM
  fail() {
    echo "$me: $*" >&2
    exit 1
  }
  died() { # NAME
    echo "$me: $1 exited; the end of $logs/$1.log:" >&2
    tail -n 15 "$logs/$1.log" | sed 's/^/    /' >&2
    fail "$1 did not start"
  }

  local -a coordinator_args=(coordinator --host 127.0.0.1 --port "$port" --metrics-port "$metrics_port" --data-dir "$state/data"
    --auth "$secrets/tokens" --tls-cert "$secrets/server.pem" --tls-key "$secrets/server-key.pem")
  [[ -n "$lease_seconds" ]] && coordinator_args+=(--lease-seconds "$lease_seconds")
  start coordinator "$gofarm" "${coordinator_args[@]}"

  local deadline=$((SECONDS + wait_up))
  until http_get "$metrics_port" /-/healthy >/dev/null; do
    alive coordinator || died coordinator
    (( SECONDS < deadline )) || fail "the coordinator did not answer on 127.0.0.1:$metrics_port within $wait_up s (see $logs/coordinator.log)"
    sleep 0.2
  done

  for ((i = 1; i <= workers; i++)); do
    start "worker-$i" "$gofarm" worker --coordinator "127.0.0.1:$port" --id "worker-$i" \
      --threads "$threads" --metrics-host 127.0.0.1 --metrics-port "$((worker_metrics_port + i - 1))" \
      --label cluster=local --tls-ca "$secrets/ca.pem" --token-file "$secrets/worker-$i.token"
  done

  if $prometheus; then
    local p="$state/prometheus"
    # A new cluster starts with empty Prometheus storage: series of the last one (other PIDs,
    # counters from zero) would otherwise be summed with this one's for 5 minutes.
    rm -rf "$p/rules" "$p/data" "$p/targets"
    mkdir -p "$p/targets" "$p/data"
    cp "$repo/deploy/prometheus/prometheus.yml" "$p/prometheus.yml"
    cp -R "$repo/deploy/prometheus/rules" "$p/rules"
    if [[ -n "$scrape_interval" ]]; then
      sed -i.orig -E "s/^(  (scrape|evaluation)_interval:) .*/\1 $scrape_interval/" "$p/prometheus.yml"
      rm -f "$p/prometheus.yml.orig"
    fi
    printf '[{"targets": ["127.0.0.1:%s"], "labels": {"process": "coordinator"}}]\n' "$metrics_port" \
      >"$p/targets/coordinator.json"
    {
      printf '['
      for ((i = 1; i <= workers; i++)); do
        (( i > 1 )) && printf ', '
        printf '{"targets": ["127.0.0.1:%s"], "labels": {"process": "worker-%s"}}' \
          "$((worker_metrics_port + i - 1))" "$i"
      done
      printf ']\n'
    } >"$p/targets/workers.json"
    printf '[{"targets": ["127.0.0.1:%s"], "labels": {"process": "prometheus"}}]\n' "$prometheus_port" \
      >"$p/targets/prometheus.json"
    start prometheus "$prom" --config.file="$p/prometheus.yml" --storage.tsdb.path="$p/data" \
      --web.listen-address="127.0.0.1:$prometheus_port" --web.enable-lifecycle
  fi

  local connected=""
  until [[ "$connected" == "$workers" ]]; do
    for ((i = 1; i <= workers; i++)); do
      alive "worker-$i" || died "worker-$i"
    done
    alive coordinator || died coordinator
    (( SECONDS < deadline )) ||
      fail "only ${connected:-0} of $workers workers connected within $wait_up s (see $logs/)"
    sleep 0.2
    connected="$(http_get "$metrics_port" /metrics | sample gofarm_coordinator_workers_connected || true)"
    connected="${connected%.0}"
  done
  if $prometheus; then
    until http_get "$prometheus_port" /-/ready >/dev/null; do
      alive prometheus || died prometheus
      (( SECONDS < deadline )) || fail "Prometheus was not ready within $wait_up s (see $logs/prometheus.log)"
      sleep 0.2
    done
  fi
  trap - EXIT INT TERM

  {
    echo "port=$port"
    echo "metrics_port=$metrics_port"
    echo "workers=$workers"
    echo "threads=$threads"
    echo "worker_metrics_port=$worker_metrics_port"
    echo "prometheus=$prometheus"
    echo "prometheus_port=$prometheus_port"
  } >"$state/cluster.env"

  echo "gofarm cluster up: $(count "$workers" worker) x $(count "$threads" thread) (state in $state)"
  print_addresses
  echo
  local client=""
  [[ "$port" == 7070 ]] || client="GOFARM_COORDINATOR=127.0.0.1:$port "
  echo "Credentials:   export ${client}GOFARM_TLS_CA=$secrets/ca.pem GOFARM_TOKEN_FILE=$secrets/admin.token"
  echo "               (tokens of every role in $secrets/tokens; submitter.token submits as 'local')"
  echo "Submit a job:  ./gofarm submit examples/evaluate-9x9.json --watch"
  if $prometheus; then
    echo "Throughput:    http://127.0.0.1:$prometheus_port/graph?g0.expr=cluster%3Agofarm_worker_playouts%3Arate1m&g0.tab=0&g0.range_input=15m"
  fi
  echo "Stop it:       $0 down$(state_option)"
}

on_exit() {
  local status=$?
  echo "$me: up did not complete; stopping what it started" >&2
  # shellcheck disable=SC2046 # one word per process name
  stop 10 $(recorded_reversed) >&2
  rm -f "$pids"/*.pid "$pids"/*.started "$state/order"
  exit "$status"
}

print_addresses() {
  # shellcheck disable=SC1091
  source "$state/cluster.env"
  local name pid where
  for name in $(recorded); do
    pid="$(pid_of "$name")"
    case "$name" in
      coordinator) where="gRPC 127.0.0.1:$port   metrics http://127.0.0.1:$metrics_port/metrics" ;;
      worker-*) where="$(count "$threads" thread)    metrics http://127.0.0.1:$((worker_metrics_port + ${name#worker-} - 1))/metrics" ;;
      prometheus) where="http://127.0.0.1:$prometheus_port" ;;
    esac
    if alive "$name"; then
      printf '  %-12s pid %-8s %s\n' "$name" "$pid" "$where"
    else
      printf '  %-12s %-12s %s\n' "$name" "NOT RUNNING" "$where  (see $logs/$name.log)"
    fi
  done
}

cmd_status() {
  if [[ ! -f "$state/cluster.env" ]]; then
    echo "no cluster is running from $state"
    exit 3
  fi
  print_addresses
  local dead=0 name
  for name in $(recorded); do
    alive "$name" || dead=$((dead + 1))
  done
  # shellcheck disable=SC1091
  source "$state/cluster.env"
  local exposition
  if exposition="$(http_get "$metrics_port" /metrics)"; then
    local connected threads_connected
    connected="$(sample gofarm_coordinator_workers_connected <<<"$exposition" || echo '?')"
    threads_connected="$(sample gofarm_coordinator_worker_threads <<<"$exposition" || echo '?')"
    echo "coordinator: $(count "${connected%.0}" worker) connected, $(count "${threads_connected%.0}" thread);" \
      "jobs queued $(awk '$1 == "gofarm_coordinator_jobs{state=\"queued\"}" { print $2 + 0 }' <<<"$exposition")," \
      "running $(awk '$1 == "gofarm_coordinator_jobs{state=\"running\"}" { print $2 + 0 }' <<<"$exposition")"
  fi
  if (( dead > 0 )); then
    echo "$dead of the cluster's processes are not running"
    exit 1
  fi
}

cmd_down() {
  if [[ ! -f "$state/order" ]]; then
    echo "no cluster was started from $state"
    return 0
  fi
  local wait_for="${timeout:-40}" name
  local -a workers_started=() others=()
  for name in $(recorded); do
    case "$name" in
      worker-*) workers_started+=("$name") ;;
      *) others+=("$name") ;;
    esac
  done
  # Workers first, so that they drain and deliver their running chunks to the coordinator;
  # then the coordinator, then Prometheus.
  (( ${#workers_started[@]} == 0 )) || stop "$wait_for" "${workers_started[@]}"
  for name in "${others[@]}"; do
    stop "$wait_for" "$name"
  done
  rm -f "$pids"/*.pid "$pids"/*.started "$state/order" "$state/cluster.env"
  echo "cluster stopped; logs and data kept in $state"
}

cmd_logs() {
  [[ -d "$logs" ]] || die "no logs in $state"
  local -a files=()
  local name
  if (( ${#names[@]} == 0 )); then
    for name in $(recorded); do files+=("$logs/$name.log"); done
    if (( ${#files[@]} == 0 )); then
      for name in "$logs"/*.log; do [[ -e "$name" ]] && files+=("$name"); done
    fi
  else
    for name in "${names[@]}"; do
      [[ -f "$logs/$name.log" ]] || die "no log named '$name' in $logs"
      files+=("$logs/$name.log")
    done
  fi
  (( ${#files[@]} > 0 )) || die "no logs in $logs"
  if $follow; then
    exec tail -n "$lines" -F "${files[@]}"
  fi
  tail -n "$lines" "${files[@]}"
}

case "$command" in
  up) cmd_up ;;
  status) cmd_status ;;
  down) cmd_down ;;
  logs) cmd_logs ;;
esac
