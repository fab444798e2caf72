#!/bin/bash
# Starts one ngIRCd 26 instance in the background and returns at once; IRCTestServer polls
# the ports for readiness itself.
#
# Environment: IRC_DIR (instance folder), IRC_PLAIN_PORT, IRC_TLS_PORT, IRC_OWNER_PID
# (optional: the server is stopped and the folder removed once that process has exited).
# Also used by restart(): the config is rendered again, the cert is kept.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
prepare_dir
trap 'echo "start failed (line $LINENO)"' ERR

render ngircd/ngircd.conf.in "$IRC_DIR/ngircd.conf"
cp "$SERVERS_DIR/ngircd/motd.txt" "$IRC_DIR/motd.txt"
cp "$SERVERS_DIR/ngircd/ffdhe2048.pem" "$IRC_DIR/dh.pem"
make_cert
# Started as root, ngIRCd drops to nobody before it reads motd, cert, key and DH file.
chmod 755 "$IRC_DIR"
chmod a+x "$(dirname "$IRC_DIR")" 2>/dev/null || true
chmod 644 "$IRC_DIR/motd.txt" "$IRC_DIR/dh.pem" "$IRC_DIR/ngircd.conf"

launch ngircd ngircd --nodaemon --config "$IRC_DIR/ngircd.conf"
start_watchdog
echo "started: ngircd $(cat "$IRC_DIR/run/ngircd.job")"
