#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for tests (STACK.md 3.6).
#   scripts/pg-test-cluster.sh start        prints DIR=... and DATABASE_URL=...
#   scripts/pg-test-cluster.sh stop DIR     stops it and removes DIR
# initdb refuses root, so as root the server runs as the `postgres` user.
set -euo pipefail
BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

case "${1:-}" in
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
    as_pg "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
      -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null || { cat "$DIR/server.log" >&2; exit 1; }
    echo "DIR=$DIR"
    echo "DATABASE_URL=postgres://postgres@127.0.0.1:$PORT/postgres"
    ;;
  *)
    echo "usage: $0 start | stop DIR" >&2
    exit 2
    ;;
esac
