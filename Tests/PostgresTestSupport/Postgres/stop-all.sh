#!/bin/bash
# Stops every PostgreSQL test cluster started by PostgresTestSupport on this machine and
# removes their folders.
# Usage: stop-all.sh [--orphans]
#   --orphans   only clusters whose test process has exited, leaving alone a concurrent test
#               run of another checkout on the same machine.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
orphans_only=false
[ "${1:-}" = --orphans ] && orphans_only=true
[ -d "$POSTGRES_TESTSUPPORT_ROOT" ] || exit 0
for dir in "$POSTGRES_TESTSUPPORT_ROOT"/*/; do
    [ -d "$dir" ] || continue
    dir=${dir%/}
    if $orphans_only && [ -f "$dir/run/owner" ] && alive "$(cat "$dir/run/owner")"; then
        continue
    fi
    stop_instance "$dir"
    echo "stopped $(basename "$dir")"
done
