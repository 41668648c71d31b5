#!/usr/bin/env bash
# `npm test`'s static checks side by side (bash scripts/parallel.sh CMD...): runs each argument as a shell command,
# all at once, each into its own log; prints each log whole once its command ends, in the order given and with its
# time, so the output reads as if they had run one after another; exits non-zero, naming the failed commands.
set -uo pipefail
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
pids=()
for i in $(seq 0 $(($# - 1))); do
  (
    start=$SECONDS
    bash -c "${@:$((i + 1)):1}"
    status=$?
    echo $((SECONDS - start)) >"$logs/$i.seconds"
    exit $status
  ) >"$logs/$i" 2>&1 &
  pids+=($!)
done
failed=()
i=0
for command in "$@"; do
  if wait "${pids[$i]}"; then status=ok; else status=FAILED failed+=("$command"); fi
  echo "── $command: $status in $(cat "$logs/$i.seconds") s"
  cat "$logs/$i"
  i=$((i + 1))
done
if [ ${#failed[@]} -gt 0 ]; then
  printf 'Failed: %s\n' "${failed[@]}" >&2
  exit 1
fi
