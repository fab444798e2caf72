#!/bin/bash
# Starts one Synapse instance in the background and returns at once (readiness is for the
# caller to poll: GET /_matrix/client/versions answers after about 6 s).
# Usage: start-synapse.sh DIR PORT
#   DIR   the instance folder (created if missing; keeps database, media, keys and logs, so a
#         later start with the same DIR and PORT finds the same users and rooms);
#   PORT  the client-API port on 127.0.0.1.
# Environment: MATRIX_OWNER_PID: the test process; a watchdog stops the instance and removes
# DIR once that process is gone (even after SIGKILL, where no exit hook runs).
# GIFBOT_SYNAPSE_VENV: see install-synapse.sh (run it if the venv is missing).
# Logs: DIR/homeserver.log (Synapse's own), DIR/synapse.out (its stdout/stderr), DIR/scripts.log.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
dir=${1:?usage: start-synapse.sh DIR PORT}
port=${2:?usage: start-synapse.sh DIR PORT}
mkdir -p "$dir/media_store"
dir=$(cd "$dir" && pwd)
exec 3>&1 >>"$dir/scripts.log" 2>&1
echo "--- $(date +%T.%N) start-synapse.sh $dir $port"

if running "$dir" synapse; then
    echo "already running: $(cat "$dir/synapse.pid")"
    exit 0
fi

if [ ! -x "$SYNAPSE_VENV/bin/python" ]; then
    bash "$SYNAPSE_SCRIPTS_DIR/install-synapse.sh"
fi

# Re-rendered at every start so that the config always matches the scripts of this checkout.
for file in homeserver.yaml log.config; do
    sed -e "s#@DIR@#$dir#g" -e "s#@PORT@#$port#g" "$SYNAPSE_SCRIPTS_DIR/$file.in" > "$dir/$file"
done
echo "$port" > "$dir/port"

# The server's signing key, made once per instance (what --generate-config would write).
if [ ! -s "$dir/localhost.signing.key" ]; then
    "$SYNAPSE_VENV/bin/generate_signing_key" -o "$dir/localhost.signing.key"
fi

# A database.yaml the caller wrote (SynapseServer.start(database:)) replaces the SQLite
# database: a later --config-path overrides the keys it sets.
configs=(--config-path "$dir/homeserver.yaml")
if [ -s "$dir/database.yaml" ]; then
    configs+=(--config-path "$dir/database.yaml")
fi
launch synapse "$dir/synapse.out" \
    "$SYNAPSE_VENV/bin/python" -m synapse.app.homeserver "${configs[@]}"
echo "synapse: $(cat "$dir/synapse.pid")"

if [ -n "${MATRIX_OWNER_PID:-}" ]; then
    echo "$MATRIX_OWNER_PID" > "$dir/owner.pid"
    # One watchdog per instance for the life of the test process: it survives stop/start.
    if ! running "$dir" watchdog; then
        launch watchdog "$dir/scripts.log" /bin/bash "$SYNAPSE_SCRIPTS_DIR/watchdog.sh" "$MATRIX_OWNER_PID" "$dir"
    fi
fi
cat "$dir/synapse.pid" >&3
