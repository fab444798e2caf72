#!/bin/bash
# Stops the Synapse of one instance and waits until its process is gone (SIGTERM, then
# SIGKILL after 10 s). Data and the watchdog stay, for a later start-synapse.sh DIR PORT.
# Usage: stop-synapse.sh DIR [--remove]   --remove: also stops the watchdog and deletes DIR.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
dir=${1:?usage: stop-synapse.sh DIR [--remove]}
[ -d "$dir" ] || exit 0
dir=$(cd "$dir" && pwd)
exec >>"$dir/scripts.log" 2>&1
echo "--- $(date +%T.%N) stop-synapse.sh $*"
stop_process "$dir" synapse
if [ "${2:-}" = --remove ]; then
    stop_process "$dir" watchdog
    rm -rf "$dir"
fi
exit 0
