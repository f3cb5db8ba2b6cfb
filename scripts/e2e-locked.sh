#!/usr/bin/env bash
# For people working in parallel on one machine: build the site and run e2e specs under one lock, so two
# runs never rebuild dist/ under each other. Usage: scripts/e2e-locked.sh <port> [spec filter...]
set -euo pipefail
cd "$(dirname "$0")/.."
port="$1"; shift
exec flock /tmp/entry-e2e.lock sh -c "npm run build >/tmp/entry-build-\$\$.log 2>&1 || { tail -30 /tmp/entry-build-\$\$.log; exit 1; }; cd e2e && E2E_PORT=$port npx playwright test $*"
