#!/bin/bash
# Stops processes of one instance by the PIDs in its job files and waits until they are gone
# (SIGTERM, then SIGKILL after 5 s). Atheme writes services.db on SIGTERM.
# Usage: stop.sh DIR [NAME...]   NAMEs: atheme inspircd ngircd watchdog (default: the servers,
# Atheme first so it leaves cleanly; the watchdog stays for a later restart).
set -uo pipefail
source "$(dirname "$0")/lib.sh"
dir=${1:?usage: stop.sh DIR [NAME...]}; shift
[ -d "$dir/run" ] || exit 0
exec >>"$dir/logs/scripts.log" 2>&1
echo "--- $(date +%T.%N) stop.sh $*"
names=("$@"); [ ${#names[@]} -gt 0 ] || names=(atheme inspircd ngircd)
for name in "${names[@]}"; do stop_job "$dir" "$name"; done
