#!/usr/bin/env bash
# Makes PostgreSQL, Redis and NATS available to the tests: checks each answers; when one does not
# and this is root with apt-get, installs it from Debian and starts it (saying so); otherwise stops
# with a clear message. Never stops or restarts a service that answers.
#
#   bash scripts/services.sh [--dry-run]     check, and provision what is missing (or say what it would do)
#   source scripts/services.sh               the same, and export DATABASE_URL, REDIS_URL, NATS_URL
#
# Where: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), REDIS_URL
# (redis://127.0.0.1:6379), NATS_URL (nats://127.0.0.1:4222). SERVICES_DRY_RUN=1 is --dry-run;
# SERVICES_CAN_INSTALL=0|1 overrides the root-and-apt-get test (for testing this script).

export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379}"
export NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"

svc_dry=0
svc_log_dir="${TMPDIR:-/tmp}/decksmith-services"

svc_say() { echo "services: $*"; }
svc_ready() { if [ "$svc_dry" = 1 ]; then svc_say "$1 would then be ready at $2 (dry run)"; else svc_say "$1 ready at $2"; fi; }
svc_fail() {
  echo "services: $*" >&2
  return 1
}
# Runs a provisioning command, or only prints it in a dry run.
svc_run() {
  if [ "$svc_dry" = 1 ]; then
    echo "services: would run:$(printf ' %q' "$@")"
  else
    echo "services: running:$(printf ' %q' "$@")"
    "$@"
  fi
}
svc_can_install() {
  case "${SERVICES_CAN_INSTALL:-}" in
    0) return 1 ;;
    1) return 0 ;;
  esac
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null
}
svc_is_local() { case "$1" in 127.0.0.1 | localhost | ::1) return 0 ;; *) return 1 ;; esac; }

# host and port of a URL like scheme://[user@]host[:port][/…]; sets svc_host and svc_port.
svc_parse() {
  local url="$1" default_port="$2" rest
  rest="${url#*://}"
  rest="${rest##*@}"
  rest="${rest%%/*}"
  rest="${rest%%\?*}"
  svc_host="${rest%:*}"
  svc_port="${rest##*:}"
  if [ "$svc_host" = "$rest" ]; then svc_port="$default_port"; fi
  svc_host="${svc_host:-127.0.0.1}"
}

# A TCP connection to host:port that reads the first line the server sends (NATS says INFO …).
svc_tcp_line() {
  timeout 3 bash -c 'exec 3<>"/dev/tcp/$1/$2" && { [ -z "$3" ] || printf "%s\r\n" "$3" >&3; } && IFS= read -r line <&3 && printf "%s\n" "$line"' _ "$1" "$2" "${3:-}" 2>/dev/null
}

svc_apt_install() {
  if [ -z "${svc_apt_updated:-}" ]; then
    svc_run apt-get update -qq || return 1
    svc_apt_updated=1
  fi
  svc_run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

# Waits until `$@` succeeds (up to 30 s); in a dry run, says it would wait.
svc_wait() {
  local what="$1"
  shift
  if [ "$svc_dry" = 1 ]; then
    echo "services: would wait for $what"
    return 0
  fi
  for _ in $(seq 60); do
    if "$@" >/dev/null 2>&1; then return 0; fi
    sleep 0.5
  done
  svc_fail "$what did not come up within 30 s"
}

# ---- PostgreSQL -------------------------------------------------------------------------------
svc_tcp_open() { timeout 3 bash -c 'exec 3<>"/dev/tcp/$1/$2"' _ "$1" "$2" 2>/dev/null; }
# pg_isready when the client tools are there, else a TCP connection.
svc_pg_ready() {
  if command -v pg_isready >/dev/null; then pg_isready -q -h "$1" -p "$2" -t 3; else svc_tcp_open "$1" "$2"; fi
}
# Connects with the tests' own URL and client (trust auth, the database exists).
svc_pg_query() {
  node -e '
    const { Client } = require(require.resolve("pg", { paths: [process.cwd() + "/apps/server"] }));
    const c = new Client({ connectionString: process.argv[1], connectionTimeoutMillis: 3000 });
    c.connect().then(() => c.query("select 1")).then(() => c.end()).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(1); });
  ' "$DATABASE_URL"
}

# Creates the URL's database through the server's `postgres` database (no-op when it exists).
svc_pg_create_db() {
  local db="$1"
  if [ "$svc_dry" = 1 ]; then
    echo "services: would create database $db if missing"
    return 0
  fi
  node -e '
    const { Client } = require(require.resolve("pg", { paths: [process.cwd() + "/apps/server"] }));
    const url = new URL(process.argv[1]); url.pathname = "/postgres"; url.search = "";
    const c = new Client({ connectionString: url.toString(), connectionTimeoutMillis: 3000 });
    const db = process.argv[2];
    c.connect()
      .then(() => c.query("select 1 from pg_database where datname = $1", [db]))
      .then((r) => (r.rowCount ? null : (console.log("services: creating database " + db), c.query("create database \"" + db.replaceAll("\"", "\"\"") + "\""))))
      .then(() => c.end())
      .then(() => process.exit(0), (e) => { console.error("services: " + e.message); process.exit(1); });
  ' "$DATABASE_URL" "$db"
}

# The Debian cluster serving `port`: an existing one, else a new one (`main` if there is none yet).
svc_pg_cluster() {
  local port="$1" version cluster name
  cluster="$(pg_lsclusters -h 2>/dev/null | awk -v p="$port" '$3 == p { print $1 "/" $2; exit }')"
  if [ -n "$cluster" ]; then
    echo "$cluster"
    return 0
  fi
  version="$(ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -1)"
  version="${version:-15}"
  name=main
  [ -d "/etc/postgresql/$version/main" ] && name="test$port"
  echo "services: no PostgreSQL cluster serves port $port: creating $version/$name" >&2
  svc_run pg_createcluster "$version" "$name" -p "$port" >&2 || return 1
  echo "$version/$name"
}

svc_postgres() {
  local host port db cluster why
  svc_parse "$DATABASE_URL" 5432
  host="$svc_host" port="$svc_port"
  db="${DATABASE_URL#*://}"
  case "$db" in */*) db="${db#*/}" ;; *) db=postgres ;; esac
  db="${db%%\?*}"
  if svc_pg_ready "$host" "$port"; then
    if why="$(svc_pg_query 2>&1)"; then
      svc_say "PostgreSQL answers at $host:$port (database $db)"
      return 0
    fi
    { svc_is_local "$host" && svc_can_install; } || svc_fail "PostgreSQL answers at $host:$port but refuses $DATABASE_URL: $why" || return 1
    svc_say "PostgreSQL answers at $host:$port but refuses $DATABASE_URL ($why)"
    case "$why" in
      *"database \"$db\" does not exist"*) ;;
      *password* | *"no pg_hba.conf entry"* | *SASL* | *"authentication failed"*)
        cluster="$(svc_pg_cluster "$port")" || return 1
        svc_pg_trust "/etc/postgresql/$cluster/pg_hba.conf" && svc_run pg_ctlcluster --skip-systemctl-redirect "${cluster%/*}" "${cluster#*/}" reload || return 1
        ;;
      *) svc_fail "cannot fix that here: point DATABASE_URL at a PostgreSQL server, role and database the tests may use" || return 1 ;;
    esac
  else
    svc_is_local "$host" || svc_fail "PostgreSQL does not answer at $host:$port ($DATABASE_URL is not on this machine, so nothing is started)" || return 1
    svc_can_install || svc_fail "PostgreSQL does not answer at $host:$port, and it can only be installed and started here as root with apt-get" || return 1
    svc_say "PostgreSQL does not answer at $host:$port: starting it"
    if ! command -v pg_ctlcluster >/dev/null || [ -z "$(ls /usr/lib/postgresql 2>/dev/null)" ]; then
      svc_say "installing Debian's postgresql"
      svc_apt_install postgresql || return 1
    fi
    cluster="$(svc_pg_cluster "$port")" || return 1
    svc_pg_trust "/etc/postgresql/$cluster/pg_hba.conf" || return 1
    # The package may have started its cluster already (where systemd runs): then only reload.
    if [ "$svc_dry" = 0 ] && svc_pg_ready "$host" "$port"; then
      svc_run pg_ctlcluster --skip-systemctl-redirect "${cluster%/*}" "${cluster#*/}" reload || return 1
    else
      svc_run pg_ctlcluster --skip-systemctl-redirect "${cluster%/*}" "${cluster#*/}" start || return 1
    fi
    svc_wait "PostgreSQL at $host:$port" svc_pg_ready "$host" "$port" || return 1
  fi
  svc_pg_create_db "$db" || return 1
  [ "$svc_dry" = 1 ] || why="$(svc_pg_query 2>&1)" || svc_fail "PostgreSQL at $host:$port still refuses $DATABASE_URL: $why" || return 1
  svc_ready PostgreSQL "$host:$port (database $db)"
}

# Puts trust lines for local and loopback connections first in pg_hba.conf, unless 127.0.0.1 is trusted already.
svc_pg_trust() {
  local hba="$1"
  if [ -f "$hba" ] && grep -Eq '^[[:space:]]*host[[:space:]]+all[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba"; then
    return 0
  fi
  if [ "$svc_dry" = 1 ]; then
    echo "services: would make $hba trust local and 127.0.0.1/::1 connections"
    return 0
  fi
  [ -f "$hba" ] || svc_fail "no $hba" || return 1
  svc_say "allowing trust auth for local and loopback connections in $hba"
  { printf '# decksmith: trust for the tests\nlocal all all trust\nhost all all 127.0.0.1/32 trust\nhost all all ::1/128 trust\n'; cat "$hba"; } >"$hba.new" && mv "$hba.new" "$hba"
  chown postgres:postgres "$hba" 2>/dev/null || true
}

# A service started by its own server binary (Redis, NATS): says whether it answers; when it does
# not, checks it may be started here and installs the binary's Debian package if missing.
#   svc_answers_or_installed NAME URL HOST PORT READY_FN BINARY "what starting it means"
# Returns 0 when it answers (or its package started it), 1 on failure, 2 when BINARY is to be started.
svc_answers_or_installed() {
  local name="$1" url="$2" host="$3" port="$4" ready="$5" bin="$6" starting="$7"
  if "$ready" "$host" "$port"; then
    svc_say "$name answers at $host:$port"
    return 0
  fi
  svc_is_local "$host" || svc_fail "$name does not answer at $host:$port ($url is not on this machine, so nothing is started)" || return 1
  svc_can_install || svc_fail "$name does not answer at $host:$port, and it can only be installed and started here as root with apt-get" || return 1
  svc_say "$name does not answer at $host:$port: $starting"
  if ! command -v "$bin" >/dev/null; then
    svc_say "installing Debian's $bin"
    svc_apt_install "$bin" || return 1
    if [ "$svc_dry" = 0 ] && "$ready" "$host" "$port"; then
      svc_say "$name was started by its package at $host:$port"
      return 0
    fi
  fi
  return 2
}

# ---- Redis ------------------------------------------------------------------------------------
svc_redis_ready() { [ "$(svc_tcp_line "$1" "$2" PING | tr -d '\r')" = "+PONG" ]; }

svc_redis() {
  svc_parse "$REDIS_URL" 6379
  local host="$svc_host" port="$svc_port" got=0
  svc_answers_or_installed Redis "$REDIS_URL" "$host" "$port" svc_redis_ready redis-server "starting it (nothing persisted)" || got=$?
  [ "$got" = 2 ] || return "$got"
  svc_run redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$port" --save "" --appendonly no || return 1
  svc_wait "Redis at $host:$port" svc_redis_ready "$host" "$port" || return 1
  svc_ready Redis "$host:$port"
}

# ---- NATS -------------------------------------------------------------------------------------
svc_nats_ready() { case "$(svc_tcp_line "$1" "$2")" in INFO*) return 0 ;; *) return 1 ;; esac; }

svc_nats() {
  svc_parse "$NATS_URL" 4222
  local host="$svc_host" port="$svc_port" got=0
  svc_answers_or_installed NATS "$NATS_URL" "$host" "$port" svc_nats_ready nats-server "starting it with JetStream (log and store in $svc_log_dir)" || got=$?
  [ "$got" = 2 ] || return "$got"
  if [ "$svc_dry" = 1 ]; then
    echo "services: would run: nats-server -js -a 127.0.0.1 -p $port -sd $svc_log_dir/nats-$port in the background"
  else
    mkdir -p "$svc_log_dir"
    echo "services: running: nats-server -js -a 127.0.0.1 -p $port -sd $svc_log_dir/nats-$port (background)"
    nohup nats-server -js -a 127.0.0.1 -p "$port" -sd "$svc_log_dir/nats-$port" >"$svc_log_dir/nats-$port.log" 2>&1 &
    echo $! >"$svc_log_dir/nats-$port.pid"
    disown 2>/dev/null || true
  fi
  svc_wait "NATS at $host:$port" svc_nats_ready "$host" "$port" || return 1
  svc_ready NATS "$host:$port"
}

svc_main() {
  for arg in "$@"; do
    case "$arg" in
      --dry-run) svc_dry=1 ;;
      *) echo "usage: scripts/services.sh [--dry-run]" >&2; return 2 ;;
    esac
  done
  [ "${SERVICES_DRY_RUN:-0}" = 1 ] && svc_dry=1
  local failed=0
  svc_postgres || failed=1
  svc_redis || failed=1
  svc_nats || failed=1
  if [ "$failed" = 1 ]; then
    echo "services: not every service is available (see above). The tests use PostgreSQL, Redis and NATS for real and are never skipped: start them (README.md, Test) or run npm test as root on Debian, which installs and starts them." >&2
    return 1
  fi
  svc_say "DATABASE_URL=$DATABASE_URL REDIS_URL=$REDIS_URL NATS_URL=$NATS_URL"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  cd "$(dirname "$0")/.." || exit 1
  svc_main "$@"
  exit $?
fi
svc_main
