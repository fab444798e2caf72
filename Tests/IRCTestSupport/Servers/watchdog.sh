#!/bin/bash
# Stops an instance's servers and removes its folder once the test process that started it
# has exited, even by a crash or SIGKILL where no atexit hook runs.
# Usage: watchdog.sh OWNER_PID DIR   (started by the start scripts, one per instance)
source "$(dirname "$0")/lib.sh"
owner=$1 dir=$2
while alive "$owner" && [ -d "$dir" ]; do sleep 1; done
[ -d "$dir" ] || exit 0
"$SERVERS_DIR/stop.sh" "$dir" atheme inspircd ngircd
rm -rf "$dir"
