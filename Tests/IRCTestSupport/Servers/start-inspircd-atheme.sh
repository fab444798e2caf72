#!/bin/bash
# Starts one InspIRCd 3 + Atheme 7.2 instance in the background and returns as soon as both
# processes run; IRCTestServer polls for readiness itself (CAP LS 302 with "sasl=<mechs>").
#
# Environment: IRC_DIR (instance folder), IRC_PLAIN_PORT (default flood limits),
# IRC_RELAXED_PORT, IRC_TLS_PORT, IRC_LINK_PORT (services link), IRC_OWNER_PID (optional:
# the servers are stopped and the folder removed once that process has exited).
# Set IRC_ONLY=services to start Atheme alone (InspIRCd already running).
# Also used by restart(): configs are rendered again, the cert and services.db are kept.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
prepare_dir
trap 'echo "start failed (line $LINENO)"' ERR

render inspircd-atheme/inspircd.conf.in "$IRC_DIR/inspircd.conf"
mkdir -p "$IRC_DIR/atheme"
render inspircd-atheme/atheme.conf.in "$IRC_DIR/atheme/atheme.conf"
cp "$SERVERS_DIR/inspircd-atheme/motd.txt" "$IRC_DIR/motd.txt"
# Accounts: see README.md. Atheme rewrites the file on exit, so keep it on restart.
[ -f "$IRC_DIR/atheme/services.db" ] || cp "$SERVERS_DIR/inspircd-atheme/seed-services.db" "$IRC_DIR/atheme/services.db"
make_cert

# InspIRCd's gnutls module segfaults on SIGTERM (harmless): no core files for that.
ulimit -c 0

if [ "${IRC_ONLY:-}" != services ]; then
    ROOTFLAG=(); [ "$(id -u)" = 0 ] && ROOTFLAG=(--runasroot)
    launch inspircd inspircd --config="$IRC_DIR/inspircd.conf" --nofork "${ROOTFLAG[@]}"
    # Atheme retries a refused link only every 2 s (recontime), so let InspIRCd listen first.
    wait_for_port "$IRC_PLAIN_PORT" 10 || { echo "inspircd did not listen within 10 s"; exit 1; }
fi

# Atheme refuses to start while its pid file names a live process; stop.sh removes it.
# In the foreground (-n) it logs to stdout (logs/atheme.log), and the config adds
# logs/atheme-services.log with commands and registrations; its main log (-l) would repeat both.
launch atheme atheme-services -n -c "$IRC_DIR/atheme/atheme.conf" -D "$IRC_DIR/atheme" \
    -l /dev/null -p "$IRC_DIR/run/atheme.pid"
start_watchdog
echo "started: inspircd $(cat "$IRC_DIR/run/inspircd.job"), atheme $(cat "$IRC_DIR/run/atheme.job")"
