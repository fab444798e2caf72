#!/bin/bash
# Stops an instance's Synapse and removes its folder once the test process that started it has
# exited, even by a crash or SIGKILL where no exit hook runs. Started by start-synapse.sh.
# Usage: watchdog.sh OWNER_PID DIR
source "$(dirname "$0")/lib.sh"
owner=$1 dir=$2
while alive "$owner" && [ -d "$dir" ]; do sleep 1; done
[ -d "$dir" ] || exit 0
echo "--- $(date +%T.%N) watchdog: owner $owner is gone"
stop_process "$dir" synapse
rm -rf "$dir"
