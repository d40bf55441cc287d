#!/usr/bin/env bash
# A throwaway PostgreSQL server on loopback, the same one CI uses (Debian's `postgresql` package, version 15):
# 127.0.0.1 only, trust auth, user postgres, database store_test.
#
#   bash scripts/pg-local.sh start    initdb on first use, start, create the database (does nothing if running)
#   bash scripts/pg-local.sh stop     fast shutdown (does nothing if not running)
#   bash scripts/pg-local.sh status   exit 0 if running
#   bash scripts/pg-local.sh url      print postgres://postgres@127.0.0.1:55432/store_test
#   bash scripts/pg-local.sh check    select version(); create extension pg_trgm in a scratch database
#
#   DATABASE_URL=$(bash scripts/pg-local.sh url) npm run test:api
#
# Settings (environment): PG_LOCAL_DIR (default /tmp/store-pg: data/, log, socket), PG_LOCAL_PORT (55432),
# PG_LOCAL_DB (store_test). For tests only: fsync and synchronous_commit are off, so a crash can lose data.
# .ci/run sources this file for the pg_local_* functions.

PG_LOCAL_DIR="${PG_LOCAL_DIR:-/tmp/store-pg}"
PG_LOCAL_PORT="${PG_LOCAL_PORT:-55432}"
PG_LOCAL_DB="${PG_LOCAL_DB:-store_test}"

# The server's bin directory: /usr/lib/postgresql/15/bin (newest installed version if 15 is absent).
pg_local_bindir() {
  local d
  if [[ -x /usr/lib/postgresql/15/bin/pg_ctl ]]; then
    echo /usr/lib/postgresql/15/bin
    return 0
  fi
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  if [[ -z "$d" || ! -x "$d/pg_ctl" ]]; then
    echo "pg-local: PostgreSQL server not found under /usr/lib/postgresql (apt-get install postgresql)" >&2
    return 1
  fi
  echo "$d"
}

# Runs a server program as the postgres user when we are root (PostgreSQL refuses to run as root).
pg_local_as_owner() {
  if [[ $(id -u) == 0 ]]; then
    (cd "$PG_LOCAL_DIR" && runuser -u postgres -- "$@")
  else
    (cd "$PG_LOCAL_DIR" && "$@")
  fi
}

pg_local_url() {
  echo "postgres://postgres@127.0.0.1:${PG_LOCAL_PORT}/${PG_LOCAL_DB}"
}

pg_local_psql() {
  local bin
  bin=$(pg_local_bindir) || return 1
  PGCLIENTENCODING=UTF8 "$bin/psql" -X -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$PG_LOCAL_PORT" -U postgres "$@"
}

pg_local_status() {
  local bin
  bin=$(pg_local_bindir) || return 1
  [[ -f "$PG_LOCAL_DIR/data/PG_VERSION" ]] || return 3
  pg_local_as_owner "$bin/pg_ctl" -D "$PG_LOCAL_DIR/data" status >/dev/null 2>&1
}

pg_local_start() {
  local bin exists
  bin=$(pg_local_bindir) || return 1
  if [[ $(id -u) == 0 ]] && ! id postgres >/dev/null 2>&1; then
    echo "pg-local: no 'postgres' user (apt-get install postgresql)" >&2
    return 1
  fi
  mkdir -p "$PG_LOCAL_DIR"
  if [[ $(id -u) == 0 ]]; then chown postgres: "$PG_LOCAL_DIR"; fi
  chmod 700 "$PG_LOCAL_DIR"
  if [[ ! -f "$PG_LOCAL_DIR/data/PG_VERSION" ]]; then
    echo "pg-local: initdb $PG_LOCAL_DIR/data"
    pg_local_as_owner "$bin/initdb" -D "$PG_LOCAL_DIR/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 \
      >"$PG_LOCAL_DIR/initdb.log" 2>&1 || {
      cat "$PG_LOCAL_DIR/initdb.log" >&2
      return 1
    }
  fi
  if pg_local_status; then
    echo "pg-local: already running ($PG_LOCAL_DIR)"
  else
    echo "pg-local: starting PostgreSQL $(cat "$PG_LOCAL_DIR/data/PG_VERSION") on 127.0.0.1:$PG_LOCAL_PORT ($PG_LOCAL_DIR)"
    pg_local_as_owner "$bin/pg_ctl" -D "$PG_LOCAL_DIR/data" -l "$PG_LOCAL_DIR/log" -w -t 60 start -o \
      "-p $PG_LOCAL_PORT -k $PG_LOCAL_DIR -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      >/dev/null || {
      echo "pg-local: the server did not start; end of $PG_LOCAL_DIR/log:" >&2
      tail -n 30 "$PG_LOCAL_DIR/log" >&2 || true
      return 1
    }
  fi
  exists=$(pg_local_psql -d postgres -tAc "select 1 from pg_database where datname = '$PG_LOCAL_DB'") || return 1
  if [[ "$exists" != 1 ]]; then
    pg_local_psql -d postgres -qc "create database \"$PG_LOCAL_DB\"" || return 1
    echo "pg-local: created database $PG_LOCAL_DB"
  fi
  echo "pg-local: ready at $(pg_local_url)"
}

pg_local_stop() {
  local bin
  bin=$(pg_local_bindir) || return 1
  if pg_local_status; then
    pg_local_as_owner "$bin/pg_ctl" -D "$PG_LOCAL_DIR/data" -m fast -w -t 60 stop >/dev/null || return 1
    echo "pg-local: stopped ($PG_LOCAL_DIR)"
  else
    echo "pg-local: not running ($PG_LOCAL_DIR)"
  fi
}

# What the API needs of the server: a connection, and pg_trgm (from Debian's postgresql-15 contrib).
pg_local_check() {
  local scratch=pg_local_check_$$
  pg_local_psql -d "$PG_LOCAL_DB" -tAc 'select version()' || return 1
  pg_local_psql -d postgres -qc "create database $scratch" || return 1
  pg_local_psql -d "$scratch" -qtAc "create extension pg_trgm; select 'pg_trgm ' || extversion || ', similarity(''هاتف'', ''هواتف'') = ' || similarity('هاتف', 'هواتف') from pg_extension where extname = 'pg_trgm'" ||
    {
      pg_local_psql -d postgres -qc "drop database if exists $scratch" || true
      return 1
    }
  pg_local_psql -d postgres -qc "drop database $scratch" || return 1
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  case "${1:-}" in
    start) pg_local_start ;;
    stop) pg_local_stop ;;
    status)
      if pg_local_status; then
        echo "running: $(pg_local_url) ($PG_LOCAL_DIR)"
      else
        echo "not running ($PG_LOCAL_DIR)"
        exit 3
      fi
      ;;
    url) pg_local_url ;;
    check) pg_local_check ;;
    *)
      echo "usage: bash scripts/pg-local.sh start|stop|status|url|check" >&2
      exit 2
      ;;
  esac
fi
