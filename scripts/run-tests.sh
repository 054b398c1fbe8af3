#!/usr/bin/env bash
# `npm test`: every suite, and each stage's time at the end. The suite has a budget of 12 minutes
# on the 2-core CI machine (docs/decisions/0107-test-suite-time.md); the table says which stage grew.
#
# The static checks and the unit tests run first, alone, and stop everything when they fail. Then
# two lanes run side by side: the browser tests, and, at a lower priority so that they mostly take
# the CPU the browser tests leave idle (waiting on Chromium and the local stack), the suites of the
# local services one after another. Either lane failing fails `npm test`; the second lane's output
# is shown when it ends, so the two never interleave. The unit tests stay out of that lane: at its
# priority, beside the browser tests, their five-second timeouts ran out.
set -euo pipefail
cd "$(dirname "$0")/.."

timings=()
current=''
report() {
  local status=$?
  printf '\n'
  [ ${#timings[@]} -gt 0 ] && printf '%s\n' "${timings[@]}"
  [ "$status" -ne 0 ] && [ -n "$current" ] && printf '%-24s failed\n' "$current"
  printf '%-24s %4d s\n' 'npm test' "$SECONDS"
}
trap report EXIT

stage_line() {
  printf '%-24s %4d s' "$1" "$2"
}

stage() {
  local name=$1 start=$SECONDS
  shift
  current=$name
  "$@"
  timings+=("$(stage_line "$name" $((SECONDS - start)))")
  current=''
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

# The services lane, niced (nice -n 10) so that it yields to the browser tests: each suite in
# turn, stopping at the first failure; one "name seconds" line per suite that passed, in $1, and
# "name failed" for the one that did not.
services_lane() {
  local times=$1 name script start
  for entry in 'emulator:test:emulator' 'emulator in Chromium:test:emulator:browser' 'rules:test:rules'; do
    name=${entry%%:test:*}
    script=test:${entry#*:test:}
    start=$SECONDS
    if ! nice -n 10 npm run -s "$script"; then
      printf '%s\tfailed\n' "$name" >>"$times"
      return 1
    fi
    printf '%s\t%d\n' "$name" $((SECONDS - start)) >>"$times"
  done
}

stage 'lint + typecheck' static_checks
stage 'unit' npm run -s test:unit

lanes_start=$SECONDS
lane_log=$(mktemp)
lane_times=$(mktemp)
services_lane "$lane_times" >"$lane_log" 2>&1 &
lane_pid=$!

e2e_status=0
e2e_start=$SECONDS
current='e2e (build + Playwright)'
npm run -s test:e2e || e2e_status=$?
e2e_time=$((SECONDS - e2e_start))
current=''

lane_status=0
wait "$lane_pid" || lane_status=$?
printf '\n── The local services’ suites (run beside the browser tests) ──\n'
cat "$lane_log"
while IFS=$'\t' read -r name seconds; do
  if [ "$seconds" = failed ]; then
    timings+=("$(printf '%-24s failed' "$name")")
  else
    timings+=("$(stage_line "$name" "$seconds")")
  fi
done <"$lane_times"
rm -f "$lane_log" "$lane_times"
if [ "$e2e_status" -eq 0 ]; then
  timings+=("$(stage_line 'e2e (build + Playwright)' "$e2e_time")")
else
  timings+=("$(printf '%-24s failed' 'e2e (build + Playwright)')")
fi
timings+=("$(stage_line '  both lanes' $((SECONDS - lanes_start)))")
if [ "$e2e_status" -ne 0 ] || [ "$lane_status" -ne 0 ]; then
  exit 1
fi

# Whatever the suites built, the folder Hosting serves holds no emulators build
# (docs/decisions/0123-deploy-path-and-build-folders.md).
stage 'hosting folder' npx tsx scripts/check-hosting-folder.ts
