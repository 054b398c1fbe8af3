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

# `npm run lint`'s two parts and the type check side by side: none keeps both cores busy alone (on two
# cores: 58 s with the two parts one after another beside the type check, 51 s all three at once).
static_checks() {
  local status=0 pids=() logs=() check
  for check in lint:code lint:format typecheck; do
    logs+=("$(mktemp)")
    npm run -s "$check" >"${logs[-1]}" 2>&1 &
    pids+=($!)
  done
  for check in "${!pids[@]}"; do
    wait "${pids[$check]}" || status=1
    cat "${logs[$check]}"
    rm -f "${logs[$check]}"
  done
  return "$status"
}

# The browser stages need Chromium's headless shell. On a machine without it (CI's clean one) it
# installs from Debian's packages while the stages before them run; as another user than root it
# installs first, where sudo can ask for a password.
chromium_log=$(mktemp)
if [ "$(id -u)" -eq 0 ]; then
  bash scripts/ensure-chromium.sh >"$chromium_log" 2>&1 &
  chromium_install=$!
else
  bash scripts/ensure-chromium.sh
  chromium_install=''
fi
chromium_ready() {
  local status=0
  if [ -n "$chromium_install" ]; then wait "$chromium_install" || status=$?; fi
  cat "$chromium_log"
  rm -f "$chromium_log"
  return "$status"
}

stage 'lint + typecheck' static_checks
stage 'unit' npm run -s test:unit
stage 'emulator' npm run -s test:emulator
stage 'Chromium installed' chromium_ready
stage 'emulator in Chromium' npm run -s test:emulator:browser
stage 'rules' npm run -s test:rules
stage 'e2e (build + Playwright)' npm run -s test:e2e
# Whatever the suites built, the folder Hosting serves holds no emulators build
# (docs/decisions/0123-deploy-path-and-build-folders.md).
stage 'hosting folder' npx tsx scripts/check-hosting-folder.ts
