#!/usr/bin/env bash
# Fails if regenerating any generated file (parsers, game modules) changes what is committed.
# When `decksmith gen --check` lands (issue 3), replace the body with:
#   npx nx run-many -t gen --output-style=stream && npx --no-install decksmith gen --check
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_TUI=false

# --skip-nx-cache: a cache hit would restore outputs instead of proving they regenerate.
npx nx run-many -t gen --output-style=stream --skip-nx-cache

if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "drift check: not a git checkout, cannot compare generated files" >&2
  exit 1
fi
changed="$(git status --porcelain --untracked-files=all -- ':(glob)**/*.generated.*' ':(glob)**/generated/**')"
if [ -n "$changed" ]; then
  echo "drift check: regenerating changed these files; run \`npx nx run-many -t gen\` and commit them:" >&2
  echo "$changed" >&2
  exit 1
fi
echo "drift check: generated files are up to date"
