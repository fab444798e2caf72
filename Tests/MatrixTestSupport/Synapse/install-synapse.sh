#!/bin/bash
# Makes sure a Python virtual environment with Synapse exists and prints its path (the last
# line of standard output). Idempotent: when `import synapse, psycopg2` already works in the
# venv nothing is installed, so the fast path costs one Python start-up (~0.3 s) and no pip at
# all. The first install (`pip install matrix-synapse psycopg2-binary`, from PyPI) takes about
# 80 s. psycopg2 is Synapse's PostgreSQL driver (benchmark scenario 11 runs Synapse on
# PostgreSQL, as a homeserver that size is run); a venv made before it only gets the driver.
# Venv: $GIFBOT_SYNAPSE_VENV, else ~/.cache/gifbot/synapse-venv. Python: $GIFBOT_PYTHON, else
# the python3 on PATH (may be a pyenv shim; the venv then pins the real interpreter).
# Usage: install-synapse.sh
set -euo pipefail

venv=${GIFBOT_SYNAPSE_VENV:-$HOME/.cache/gifbot/synapse-venv}
python=${GIFBOT_PYTHON:-python3}

if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import synapse, psycopg2' 2>/dev/null; then
    echo "$venv"
    exit 0
fi

# Two test processes may install at once (e.g. two checkouts); an exclusive lock makes the
# second one wait and then find the finished venv.
mkdir -p "$(dirname "$venv")"
if command -v flock >/dev/null; then   # util-linux; absent on macOS, where we go unlocked
    exec 9>"$venv.lock"
    flock 9
fi
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import synapse, psycopg2' 2>/dev/null; then
    echo "$venv"
    exit 0
fi
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c 'import synapse' 2>/dev/null; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check psycopg2-binary >&2
    echo "$venv"
    exit 0
fi

start=$SECONDS
# A venv left half-made by an interrupted install is started over rather than repaired.
rm -rf "$venv"
if ! "$python" -m venv "$venv" >&2; then
    echo "python venv creation failed: on Debian/Ubuntu run 'apt-get install -y python3-venv'" >&2
    exit 1
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check matrix-synapse psycopg2-binary >&2
"$venv/bin/python" -c 'import synapse; print("installed Synapse", synapse.__version__, "in", '"$((SECONDS - start))"', "s")' >&2
echo "$venv"
