#!/usr/bin/env bash
# `npm start`: build the web client (nx, cached) and run the server on http://localhost:3000.
# Flags pass through to the server, e.g. `npm start -- --port 8080 --db ./data/other.db`.
set -euo pipefail
cd "$(dirname "$0")/.."
NX_TUI=false npx nx run web:build --output-style=stream
mkdir -p data
# One process (no tsx wrapper), so Ctrl-C reaches the server's own SIGINT handler directly.
exec node --import tsx apps/server/src/main.ts "$@"
