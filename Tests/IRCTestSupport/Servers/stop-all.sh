#!/bin/bash
# Stops every instance started by IRCTestSupport on this machine (from any test process) and
# removes their folders. Safe to run at any time, e.g. at the end of a test script.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
[ -d "$IRC_TESTSUPPORT_ROOT" ] || exit 0
for dir in "$IRC_TESTSUPPORT_ROOT"/*/; do
    [ -d "$dir" ] || continue
    dir=${dir%/}
    "$SERVERS_DIR/stop.sh" "$dir" watchdog atheme inspircd ngircd
    rm -rf "$dir"
done
