# Helpers shared by the start and stop scripts (sourced, never run on its own).
#
# An instance is one folder under $IRC_TESTSUPPORT_ROOT; its run/NAME.job files hold the PIDs
# of the processes started for it (inspircd, atheme, ngircd, watchdog). The folder layout is
# the only registry: stop-all.sh finds every instance by looking there.

SERVERS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
IRC_TESTSUPPORT_ROOT=${IRC_TESTSUPPORT_ROOT:-${TMPDIR:-/tmp}/irc-testsupport}
# close_inherited_fds, alive
source "${TEST_SERVER_SCRIPTS:-$SERVERS_DIR/../../TestServerSupport/Scripts}/processes.sh"

# render TEMPLATE OUTPUT: fills the @PLACEHOLDERS@ from the IRC_* environment.
render() {
    sed -e "s#@DIR@#${IRC_DIR}#g" \
        -e "s#@PLAIN_PORT@#${IRC_PLAIN_PORT:-0}#g" \
        -e "s#@RELAXED_PORT@#${IRC_RELAXED_PORT:-0}#g" \
        -e "s#@TLS_PORT@#${IRC_TLS_PORT:-0}#g" \
        -e "s#@LINK_PORT@#${IRC_LINK_PORT:-0}#g" \
        -e "s#@MAX_NICK_LENGTH@#${IRC_MAX_NICK_LENGTH:-30}#g" \
        "$SERVERS_DIR/$1" > "$2"
}

# make_cert: a self-signed P-256 cert for CN=localhost (SAN localhost, 127.0.0.1), once per
# instance so restart() keeps the cert a test already trusts. EC keys are generated instantly.
make_cert() {
    [ -f "$IRC_DIR/tls-cert.pem" ] && return 0
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 3650 \
        -subj /CN=localhost -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
        -keyout "$IRC_DIR/tls-key.pem" -out "$IRC_DIR/tls-cert.pem" 2>/dev/null
    # ngIRCd reads the key after dropping to nobody.
    chmod 644 "$IRC_DIR/tls-key.pem" "$IRC_DIR/tls-cert.pem"
}

# Foundation's Process on Linux starts the scripts with the spawning thread's signal mask (a
# Dispatch worker's: SIGTERM blocked), and bash starts background jobs with SIGINT ignored;
# both would be inherited by the servers. `env --default-signal` (coreutils >= 8.31) clears both.
if env --default-signal true 2>/dev/null; then
    DEFAULT_SIGNALS=(env --default-signal)
else
    DEFAULT_SIGNALS=()
fi

# launch NAME COMMAND...: runs COMMAND in the background, output to logs/NAME.log, PID to
# run/NAME.job (the subshell execs COMMAND, so $! is the server's own PID).
launch() {
    local name=$1; shift
    ( close_inherited_fds; exec "${DEFAULT_SIGNALS[@]}" "$@" ) >>"$IRC_DIR/logs/$name.log" 2>&1 </dev/null &
    echo $! > "$IRC_DIR/run/$name.job"
}

# owned PID DIR: true if PID is alive (not a zombie) and its command line names DIR, so a
# recycled PID of some unrelated process is never signalled.
owned() {
    local pid=$1 dir=$2
    alive "$pid" || return 1
    tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -qF "$dir"
}

# wait_for_port PORT SECONDS: true once 127.0.0.1:PORT accepts a connection.
wait_for_port() {
    local end=$((SECONDS + $2))
    until (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; do
        [ $SECONDS -lt $end ] || return 1
        sleep 0.02
    done
}

# stop_job DIR NAME: SIGTERM, up to 5 s grace, then SIGKILL; removes the job and pid files.
stop_job() {
    local dir=$1 name=$2 pid
    [ -f "$dir/run/$name.job" ] || return 0
    pid=$(cat "$dir/run/$name.job")
    if owned "$pid" "$dir"; then
        kill -TERM "$pid" 2>/dev/null || true
        kill -CONT "$pid" 2>/dev/null || true   # a paused Atheme handles TERM only when continued
        for _ in $(seq 100); do alive "$pid" || break; sleep 0.05; done
        if alive "$pid"; then
            kill -KILL "$pid" 2>/dev/null || true
            for _ in $(seq 40); do alive "$pid" || break; sleep 0.05; done
        fi
    fi
    rm -f "$dir/run/$name.job" "$dir/run/$name.pid"
}

# prepare_dir: the instance folder with its run/ and logs/ subfolders; later output of the
# calling script goes to logs/scripts.log so a failed start can be explained.
prepare_dir() {
    : "${IRC_DIR:?IRC_DIR must name the instance folder}"
    mkdir -p "$IRC_DIR/run" "$IRC_DIR/logs"
    exec >>"$IRC_DIR/logs/scripts.log" 2>&1
    echo "--- $(date +%T.%N) $(basename "$0")"
}

# start_watchdog: one per instance, for the life of the test process (it survives restart()).
# run/owner names that process, so stop-all.sh --orphans can tell leftovers from live instances.
start_watchdog() {
    [ -n "${IRC_OWNER_PID:-}" ] || return 0
    echo "$IRC_OWNER_PID" > "$IRC_DIR/run/owner"
    if [ -f "$IRC_DIR/run/watchdog.job" ] && owned "$(cat "$IRC_DIR/run/watchdog.job")" "$IRC_DIR"; then
        return 0
    fi
    launch watchdog /bin/bash "$SERVERS_DIR/watchdog.sh" "$IRC_OWNER_PID" "$IRC_DIR"
}
