#!/bin/bash
# Stops every instance started by IRCTestSupport on this machine and removes their folders.
# Usage: stop-all.sh [--orphans]
#   (default)   every instance, also those of test processes still running (e.g. a hung
#               xctest left behind by a timed-out `swift test`);
#   --orphans   only instances whose test process has exited, leaving alone a concurrent
#               test run of another checkout on the same machine.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
orphans_only=false
[ "${1:-}" = --orphans ] && orphans_only=true
[ -d "$IRC_TESTSUPPORT_ROOT" ] || exit 0
for dir in "$IRC_TESTSUPPORT_ROOT"/*/; do
    [ -d "$dir" ] || continue
    dir=${dir%/}
    if $orphans_only && [ -f "$dir/run/owner" ] && alive "$(cat "$dir/run/owner")"; then
        continue
    fi
    "$SERVERS_DIR/stop.sh" "$dir" watchdog atheme inspircd ngircd
    rm -rf "$dir"
    echo "stopped $(basename "$dir")"
done
