#!/bin/bash
# Starts a throwaway PostgreSQL cluster for tests: initdb in DIR/data, superuser `gifbot` with
# the password in DIR/password (SCRAM authentication), listening on 127.0.0.1:PORT only, no
# Unix socket, durability off (fsync) since the data dies with the tests. TLS is on with a
# self-signed certificate for localhost and 127.0.0.1 (DIR/tls-cert.pem, to trust in tests)
# but not required. Returns once the server accepts connections. A watchdog stops it and
# removes DIR when OWNER_PID exits.
# Usage: start-postgres.sh DIR PORT OWNER_PID
set -euo pipefail
source "$(dirname "$0")/lib.sh"
close_inherited_fds
dir=$1 port=$2 owner=$3
bindir=$(postgres_bindir)
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
    echo "PostgreSQL is not installed: apt-get install postgresql (scripts/install-test-deps does it)" >&2
    exit 3
fi
mkdir -p "$dir/run" "$dir/logs"
echo "$owner" > "$dir/run/owner"
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 3650 -subj /CN=localhost \
    -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout "$dir/tls-key.pem" -out "$dir/tls-cert.pem" 2>/dev/null
chmod 600 "$dir/tls-key.pem"
chmod 644 "$dir/tls-cert.pem"
# PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user.
as_server=()
if [ "$(id -u)" -eq 0 ]; then
    as_server=(runuser -u postgres --)
    chown -R postgres "$dir"
fi
"${as_server[@]}" "$bindir/initdb" -D "$dir/data" -U gifbot --pwfile="$dir/password" --auth=scram-sha-256 \
    -E UTF8 --no-locale --no-sync >>"$dir/logs/initdb.log" 2>&1
"${as_server[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/logs/postgres.log" -w -t 60 \
    -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 -c ssl=on -c ssl_cert_file=$dir/tls-cert.pem -c ssl_key_file=$dir/tls-key.pem" \
    start >>"$dir/logs/pg_ctl.log" 2>&1
head -1 "$dir/data/postmaster.pid" > "$dir/run/postgres.job"
# The watchdog: covers a test process that crashed or was killed before its atexit hook ran.
(
    trap '' INT TERM HUP
    while alive "$owner" && [ -d "$dir" ]; do sleep 1; done
    [ -d "$dir" ] && stop_instance "$dir"
) </dev/null >/dev/null 2>&1 &
echo $! > "$dir/run/watchdog.job"
