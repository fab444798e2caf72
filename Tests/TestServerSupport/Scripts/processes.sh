# Process helpers shared by every test server's scripts (IRC, Synapse, PostgreSQL); sourced by
# their lib.sh, never run on its own. A script that a test runs finds this file through
# $TEST_SERVER_SCRIPTS (ScriptRunner points it at TestServerSupport's resource bundle); one run
# straight from the source tree finds it beside its own folder.

# close_inherited_fds: closes every descriptor above 2. Foundation's Process on Linux sees its
# child exit only when every holder has closed the pipe or socket it passed down, so a server
# that inherited it would make the start script look alive for as long as the server runs.
close_inherited_fds() {
    local fd
    local fds=/proc/$BASHPID/fd
    [ -d "$fds" ] || fds=/dev/fd   # macOS
    for fd in "$fds"/*; do
        fd=${fd##*/}
        [ "$fd" -gt 2 ] 2>/dev/null && eval "exec $fd>&-" 2>/dev/null
    done
    return 0
}

# alive PID: true if PID runs and is not a zombie (PID 1 in a container may never reap orphans).
alive() {
    local state
    if [ -d /proc/self ]; then
        state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 1
    else
        state=$(ps -o state= -p "$1" 2>/dev/null) || return 1   # macOS
    fi
    [ -n "$state" ] && [ "${state:0:1}" != Z ]
}
