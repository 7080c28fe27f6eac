#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for tests (STACK.md 3.6).
#   scripts/pg-test-cluster.sh start        prints DIR=... and DATABASE_URL=...
#   scripts/pg-test-cluster.sh stop DIR     stops it and removes DIR
#   scripts/pg-test-cluster.sh down DIR [MODE]  stops the server only (MODE fast or immediate), keeping DIR
#   scripts/pg-test-cluster.sh up DIR       starts it again on the same port (outage tests, issue 37)
# initdb refuses root, so as root the server runs as the `postgres` user.
set -euo pipefail
BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

# The one place the server's options are: start and up use the same.
pg_up() {
  as_pg "$BIN/pg_ctl" -D "$1/data" -l "$1/server.log" -w \
    -o "-p $2 -k $1 -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null || { cat "$1/server.log" >&2; exit 1; }
}

case "${1:-}" in
  down)
    DIR=${2:?usage: $0 down DIR [fast|immediate]}
    as_pg "$BIN/pg_ctl" -D "$DIR/data" -m "${3:-fast}" -w stop >/dev/null
    ;;
  up)
    DIR=${2:?usage: $0 up DIR}
    pg_up "$DIR" "$(cat "$DIR/port")"
    ;;
  stop)
    DIR=${2:?usage: $0 stop DIR}
    as_pg "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
    rm -rf "$DIR"
    ;;
  start)
    [ -x "$BIN/initdb" ] || { echo "no PostgreSQL at $BIN (apt-get install postgresql-15)" >&2; exit 3; }
    DIR=$(mktemp -d /tmp/pgtest.XXXXXX)
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$DIR"
    PORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    as_pg "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$DIR/initdb.log" 2>&1 ||
      { cat "$DIR/initdb.log" >&2; exit 1; }
    echo "$PORT" >"$DIR/port"
    pg_up "$DIR" "$PORT"
    echo "DIR=$DIR"
    echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  *)
    echo "usage: $0 start | stop DIR | down DIR [MODE] | up DIR" >&2
    exit 2
    ;;
esac
