#!/usr/bin/env bash
# Times what a newcomer does: clone, `npm start`, then the printed lines until the sample workflow's
# run has succeeded. Usage: bench/quickstart/time-fresh-clone.sh [repository, default: this one].
# Uses ports 3500/3501 and a clone in a temporary directory, removed at the end.
set -euo pipefail
source_repo=${1:-$(git -C "$(dirname "$0")" rev-parse --show-toplevel)}
work=$(mktemp -d)
log="$work/start.log"
trap 'pkill -f "$work/clone/" 2>/dev/null || true; sleep 1; rm -rf "$work"' EXIT

started=$(date +%s.%N)
git clone -q "$source_repo" "$work/clone"
(cd "$work/clone" && PORT=3500 EXAMPLE_PORT=3501 npm start >"$log" 2>&1 &)
until grep -q 'Try, from another terminal' "$log"; do
  if grep -q '^quickstart:' "$log"; then cat "$log"; exit 1; fi
  sleep 0.5
done
ready=$(date +%s.%N)

# The printed lines, run as printed.
notes=$(grep -o 'curl -H "Authorization: Bearer [^"]*" http://127.0.0.1:3500/v1/project/[^ ]*/notes' "$log" | head -1)
hook=$(grep -o 'curl -X POST .*/hooks/workflows/[A-Za-z0-9._-]*' "$log" | head -1)
token=$(grep -o 'plat_[A-Za-z0-9]*' "$log" | head -1)
echo "notes listing: $(eval "$notes -s -o /dev/null -w '%{http_code}'")"
answer=$(eval "$hook -s -w ' %{http_code}'")
echo "webhook: $answer"
run_id=$(grep -o '"runId":"[^"]*"' <<<"$answer" | cut -d'"' -f4)
status=''
for _ in $(seq 600); do
  status=$(curl -s -H "Authorization: Bearer $token" "http://127.0.0.1:3500/v1/workflow-runs/$run_id" |
    grep -o '"status":"[a-z]*"' | head -1 | cut -d'"' -f4)
  [ "$status" = succeeded ] || [ "$status" = failed ] && break
  sleep 0.1
done
done_at=$(date +%s.%N)
echo "run: $status"
printf 'clone → printed lines: %.0f s; → run %s: %.1f s more; total %.0f s\n' \
  "$(bc <<<"$ready - $started")" "$status" "$(bc <<<"$done_at - $ready")" "$(bc <<<"$done_at - $started")"
