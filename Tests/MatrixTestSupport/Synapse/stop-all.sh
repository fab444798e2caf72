#!/bin/bash
# Stops every Synapse instance started by MatrixTestSupport on this machine and removes their
# folders (all live under $MATRIX_TESTSUPPORT_ROOT, default ${TMPDIR:-/tmp}/matrix-testsupport).
# Usage: stop-all.sh [--orphans]
#   (default)   every instance, also those of test processes still running (e.g. a hung test
#               binary left behind by a timed-out `swift test`);
#   --orphans   only instances whose test process has exited, leaving alone a concurrent test
#               run of another checkout on the same machine.
set -uo pipefail
source "$(dirname "$0")/lib.sh"
orphans_only=false
[ "${1:-}" = --orphans ] && orphans_only=true
[ -d "$MATRIX_TESTSUPPORT_ROOT" ] || exit 0
for dir in "$MATRIX_TESTSUPPORT_ROOT"/*/; do
    [ -d "$dir" ] || continue
    dir=${dir%/}
    if $orphans_only && [ -f "$dir/owner.pid" ] && alive "$(cat "$dir/owner.pid")"; then
        continue
    fi
    bash "$SYNAPSE_SCRIPTS_DIR/stop-synapse.sh" "$dir" --remove
    echo "stopped $(basename "$dir")"
done
