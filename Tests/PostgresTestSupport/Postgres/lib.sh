# Helpers shared by the PostgreSQL test scripts (sourced, never run on its own).
#
# An instance is one folder under $POSTGRES_TESTSUPPORT_ROOT: data/ (the cluster), logs/,
# run/postgres.job (the postmaster's PID), run/owner (the test process it belongs to).

POSTGRES_TESTSUPPORT_ROOT=${POSTGRES_TESTSUPPORT_ROOT:-${TMPDIR:-/tmp}/postgres-testsupport}
POSTGRES_SCRIPTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# close_inherited_fds, alive
source "${TEST_SERVER_SCRIPTS:-$POSTGRES_SCRIPTS_DIR/../../TestServerSupport/Scripts}/processes.sh"

# The newest server installed from Debian's packages (they keep initdb and pg_ctl off PATH).
postgres_bindir() {
    local dir
    dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
    if [ -z "$dir" ] && command -v initdb >/dev/null; then dir=$(dirname "$(command -v initdb)"); fi
    echo "$dir"
}

# stop_instance DIR: a fast shutdown (SIGINT: clients are disconnected, not waited for), SIGKILL
# after 10 s, then the folder is removed.
stop_instance() {
    local dir=$1 pid
    pid=$(cat "$dir/run/postgres.job" 2>/dev/null || true)
    if [ -n "$pid" ] && alive "$pid"; then
        kill -INT "$pid" 2>/dev/null || true
        for _ in $(seq 200); do alive "$pid" || break; sleep 0.05; done
        alive "$pid" && kill -KILL "$pid" 2>/dev/null
    fi
    rm -rf "$dir"
}
