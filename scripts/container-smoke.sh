#!/usr/bin/env bash
# The Dockerfile's build and start commands, run without a container engine in a clean folder, the way the image
# would (issue 45): scripts/container-smoke.mjs says what it does. CI runs it after the tests (.ci/run).
#   bash scripts/container-smoke.sh                     on the embedded database
#   DATABASE_URL=postgres://… bash scripts/container-smoke.sh   on a fresh database of that PostgreSQL server
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec node scripts/container-smoke.mjs "$@"
