#!/usr/bin/env bash
# A PostgreSQL primary and a streaming replica of it on loopback, for the read-replica test (decision 031):
# Debian's PostgreSQL 15, trust auth, user postgres, fsync off (tests only). The replica is made by pg_basebackup
# from the primary (-R: it follows the primary's WAL as a hot standby).
#
#   bash scripts/pg-replica-pair.sh start   initdb, start the primary, create store_test, pg_basebackup, start the replica
#   bash scripts/pg-replica-pair.sh stop    stop both and remove their folder
#   bash scripts/pg-replica-pair.sh urls    print the primary's URL, then the replica's
#
# apps/api/src/db/read-replicas.test.ts starts and stops its own pair (on free ports, in a folder of its own) when
# the suite runs on PostgreSQL: DATABASE_URL=$(bash scripts/pg-local.sh url) npx vitest run --project api <that file>
#
# Settings: PG_PAIR_DIR (default /tmp/store-pg-pair), PG_PAIR_PORT (55440), PG_PAIR_REPLICA_PORT (the next one).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PG_PAIR_DIR="${PG_PAIR_DIR:-/tmp/store-pg-pair}"
PG_PAIR_PORT="${PG_PAIR_PORT:-55440}"
REPLICA_PORT="${PG_PAIR_REPLICA_PORT:-$((PG_PAIR_PORT + 1))}"
# shellcheck source=scripts/pg-local.sh
PG_LOCAL_DIR="$PG_PAIR_DIR" PG_LOCAL_PORT="$PG_PAIR_PORT" source "$ROOT/scripts/pg-local.sh"
PG_LOCAL_DIR="$PG_PAIR_DIR"
BIN=$(pg_local_bindir)
OPTS="-k $PG_PAIR_DIR -c listen_addresses=127.0.0.1 -c max_connections=100 -c fsync=off -c synchronous_commit=off -c full_page_writes=off"

running() { [[ -f "$1/PG_VERSION" ]] && pg_local_as_owner "$BIN/pg_ctl" -D "$1" status >/dev/null 2>&1; }

start() {
  if running "$PG_PAIR_DIR/primary" && running "$PG_PAIR_DIR/replica"; then return 0; fi
  stop >/dev/null
  mkdir -p "$PG_PAIR_DIR"
  if [[ $(id -u) == 0 ]]; then chown postgres: "$PG_PAIR_DIR"; fi
  chmod 700 "$PG_PAIR_DIR"
  pg_local_as_owner "$BIN/initdb" -D "$PG_PAIR_DIR/primary" -U postgres -A trust -E UTF8 --locale=C.UTF-8 \
    >"$PG_PAIR_DIR/initdb.log" 2>&1 || { cat "$PG_PAIR_DIR/initdb.log" >&2; return 1; }
  pg_local_as_owner "$BIN/pg_ctl" -D "$PG_PAIR_DIR/primary" -l "$PG_PAIR_DIR/primary.log" -w -t 60 start \
    -o "-p $PG_PAIR_PORT $OPTS -c wal_level=replica -c max_wal_senders=4" >/dev/null
  "$BIN/psql" -X -q -h 127.0.0.1 -p "$PG_PAIR_PORT" -U postgres -d postgres -c 'create database store_test'
  pg_local_as_owner "$BIN/pg_basebackup" -h 127.0.0.1 -p "$PG_PAIR_PORT" -U postgres -D "$PG_PAIR_DIR/replica" \
    -R -X stream -c fast >/dev/null
  pg_local_as_owner "$BIN/pg_ctl" -D "$PG_PAIR_DIR/replica" -l "$PG_PAIR_DIR/replica.log" -w -t 60 start \
    -o "-p $REPLICA_PORT $OPTS -c hot_standby=on" >/dev/null
  urls
}

stop() {
  for d in replica primary; do
    if running "$PG_PAIR_DIR/$d"; then pg_local_as_owner "$BIN/pg_ctl" -D "$PG_PAIR_DIR/$d" -m immediate -w stop >/dev/null; fi
  done
  rm -rf "$PG_PAIR_DIR"
}

urls() {
  echo "postgres://postgres@127.0.0.1:$PG_PAIR_PORT/store_test"
  echo "postgres://postgres@127.0.0.1:$REPLICA_PORT/store_test"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  urls) urls ;;
  *) echo "usage: bash scripts/pg-replica-pair.sh start|stop|urls" >&2; exit 2 ;;
esac
