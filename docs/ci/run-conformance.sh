#!/usr/bin/env bash
# Runs the conformance kit against one implementation as a CI job would: install, doctor, run.
# Reports land in $CONFORMANCE_REPORT_DIR (Allure HTML, allure-results, junit.xml, summary.json);
# archive that directory whatever the exit code. See docs/ci.md.
#
# Usage (from anywhere): docs/ci/run-conformance.sh [extra options of npm run conformance]
#
# Environment (all optional):
#   CONFORMANCE_BASE_URL    API base of the target incl. /api/v2; unset: the bundled reference server
#   CONFORMANCE_PROFILE     target profile file; required with CONFORMANCE_BASE_URL
#   CONFORMANCE_IMAGE       container image to test instead of a URL (needs a Docker engine)
#   CONFORMANCE_EXPECT      expectations baseline: only failures it does not list fail the job
#   CONFORMANCE_SHARD       i/n: this machine's part of the checks and of the customer pool
#   CONFORMANCE_REPORT_DIR  where reports go (default: reports)
#   CONFORMANCE_INSTALL     0 skips `npm ci` (dependencies already installed)
#
# Exit code: that of the run (0 passed, 1 new failures, 2 usage or profile error, 3 target or
# harness error), or of the install or doctor when they fail first.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."

base_url="${CONFORMANCE_BASE_URL:-}"
profile="${CONFORMANCE_PROFILE:-}"
image="${CONFORMANCE_IMAGE:-}"
report_dir="${CONFORMANCE_REPORT_DIR:-reports}"

if [[ -n "$base_url" && -n "$image" ]]; then
  echo "CONFORMANCE_BASE_URL and CONFORMANCE_IMAGE exclude each other: give one" >&2
  exit 2
fi

target=()
if [[ -n "$base_url" ]]; then
  if [[ -z "$profile" ]]; then
    echo "CONFORMANCE_BASE_URL needs CONFORMANCE_PROFILE (the target profile file)" >&2
    exit 2
  fi
  target+=(--base-url "$base_url" --profile "$profile")
elif [[ -n "$image" ]]; then
  target+=(--image "$image")
  if [[ -n "$profile" ]]; then target+=(--profile "$profile"); fi
fi

# Both doctor and run get the shard: they warn when concurrent shards would share one target.
shard=()
if [[ -n "${CONFORMANCE_SHARD:-}" ]]; then shard+=(--shard "$CONFORMANCE_SHARD"); fi
run=(--report-dir "$report_dir")
if [[ -n "${CONFORMANCE_EXPECT:-}" ]]; then run+=(--expect "$CONFORMANCE_EXPECT"); fi

if [[ "${CONFORMANCE_INSTALL:-1}" != 0 ]]; then
  echo "== npm ci"
  npm ci --no-audit --no-fund
fi

# The doctor proves target and profile before the run spends minutes on them. Against the
# bundled server or an image it starts its own instance, which costs a few seconds only.
echo "== doctor"
npm run --silent conformance -- doctor "${target[@]}" "${shard[@]}"

echo "== conformance run"
status=0
npm run --silent conformance -- "${target[@]}" "${shard[@]}" "${run[@]}" "$@" || status=$?

echo "== reports in $report_dir (exit code $status)"
exit "$status"
