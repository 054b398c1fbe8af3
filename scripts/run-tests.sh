#!/usr/bin/env bash
# `npm test`: every suite, cheapest failures first, stopping at the first failure, and each stage's
# time at the end. The suite has a budget of 12 minutes on the 2-core CI machine
# (docs/decisions/0107-test-suite-time.md); the table says which stage grew.
set -euo pipefail
cd "$(dirname "$0")/.."

timings=()
current=''
report() {
  local status=$?
  printf '\n'
  [ ${#timings[@]} -gt 0 ] && printf '%s\n' "${timings[@]}"
  [ "$status" -ne 0 ] && printf '%-24s failed\n' "$current"
  printf '%-24s %4d s\n' 'npm test' "$SECONDS"
}
trap report EXIT

stage() {
  local name=$1 start=$SECONDS
  shift
  current=$name
  "$@"
  timings+=("$(printf '%-24s %4d s' "$name" $((SECONDS - start)))")
}

# Lint and the type check side by side: each keeps about one core busy.
static_checks() {
  local log status=0 typecheck
  log=$(mktemp)
  npm run -s typecheck >"$log" 2>&1 &
  typecheck=$!
  npm run -s lint || status=$?
  if ! wait "$typecheck"; then
    cat "$log"
    status=1
  fi
  rm -f "$log"
  return "$status"
}

stage 'lint + typecheck' static_checks
stage 'unit' npm run -s test:unit
stage 'emulator' npm run -s test:emulator
stage 'emulator in Chromium' npm run -s test:emulator:browser
stage 'rules' npm run -s test:rules
stage 'e2e (build + Playwright)' npm run -s test:e2e
# Whatever the suites built, the folder Hosting serves holds no emulators build
# (docs/decisions/0123-deploy-path-and-build-folders.md).
stage 'hosting folder' npx tsx scripts/check-hosting-folder.ts
