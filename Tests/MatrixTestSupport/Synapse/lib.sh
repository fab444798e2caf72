# Helpers shared by the Synapse scripts (sourced, never run on its own).
#
# An instance is one folder under $MATRIX_TESTSUPPORT_ROOT holding its config, SQLite
# database, media store, logs and the PID files synapse.pid, watchdog.pid and owner.pid.
# That folder layout is the only registry: stop-all.sh finds every instance by looking there.

SYNAPSE_SCRIPTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
MATRIX_TESTSUPPORT_ROOT=${MATRIX_TESTSUPPORT_ROOT:-${TMPDIR:-/tmp}/matrix-testsupport}
SYNAPSE_VENV=${GIFBOT_SYNAPSE_VENV:-$HOME/.cache/gifbot/synapse-venv}
# close_inherited_fds, alive
source "${TEST_SERVER_SCRIPTS:-$SYNAPSE_SCRIPTS_DIR/../../TestServerSupport/Scripts}/processes.sh"

# Foundation's Process on Linux starts scripts with the spawning thread's signal mask (a
# Dispatch worker's: SIGTERM blocked), and bash starts background jobs with SIGINT ignored;
# Synapse would inherit both and ignore stop requests. `env --default-signal`
# (coreutils >= 8.31) clears them.
if env --default-signal true 2>/dev/null; then
    DEFAULT_SIGNALS=(env --default-signal)
else
    DEFAULT_SIGNALS=()
fi

# launch NAME LOG COMMAND...: runs COMMAND in the background, output appended to LOG, PID to
# $dir/NAME.pid (the subshell execs COMMAND, so $! is the command's own PID).
launch() {
    local name=$1 log=$2; shift 2
    ( close_inherited_fds; exec "${DEFAULT_SIGNALS[@]}" "$@" ) >>"$log" 2>&1 </dev/null &
    echo $! > "$dir/$name.pid"
}

# owned PID DIR: true if PID is alive and its command line names DIR, so that a recycled PID
# of some unrelated process is never signalled.
owned() {
    local pid=$1 dir=$2
    alive "$pid" || return 1
    if [ -d /proc/self ]; then
        tr '\0' ' ' < "/proc/$pid/cmdline" 2>/dev/null | grep -qF "$dir"
    else
        ps -o command= -p "$pid" 2>/dev/null | grep -qF "$dir"   # macOS
    fi
}

# running DIR NAME: true if DIR/NAME.pid names a live process of this instance.
running() {
    [ -f "$1/$2.pid" ] && owned "$(cat "$1/$2.pid")" "$1"
}

# stop_process DIR NAME: SIGTERM, up to 10 s for a clean exit (Synapse finishes requests and
# closes SQLite), then SIGKILL; waits until the process is gone and removes its PID file.
stop_process() {
    local dir=$1 name=$2 pid
    [ -f "$dir/$name.pid" ] || return 0
    pid=$(cat "$dir/$name.pid")
    if owned "$pid" "$dir"; then
        kill -TERM "$pid" 2>/dev/null || true
        for _ in $(seq 200); do alive "$pid" || break; sleep 0.05; done
        if alive "$pid"; then
            echo "$name ($pid) ignored SIGTERM for 10 s: SIGKILL"
            kill -KILL "$pid" 2>/dev/null || true
            for _ in $(seq 100); do alive "$pid" || break; sleep 0.05; done
        fi
    fi
    rm -f "$dir/$name.pid"
}
