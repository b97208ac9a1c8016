#!/usr/bin/env bash
# The step of the composite action (action.yml): checks the inputs (CPF_* variables), writes the
# profile and the signing key into a folder of their own, runs the kit image there and hands its
# exit code, statement and report folder on as the step's outputs. Secrets never reach the
# reports: they are removed before the artifact is uploaded.
set -euo pipefail

fail() {
  echo "::error title=cpf-conformance::$1" >&2
  exit 2
}

[ -n "${CPF_BASE_URL:-}" ] || fail "the input base-url is empty. Fix: with: base-url: https://staging.example.com/api/v2"
[[ "$CPF_BASE_URL" =~ ^https?://[^/[:space:]]+ ]] || fail "the input base-url '$CPF_BASE_URL' is not an http(s) URL. Fix: the API base of the implementation, e.g. https://staging.example.com/api/v2"
[ -n "${CPF_PROFILE:-}" ] || fail "the input profile is empty. Fix: the profile JSON from a secret, with: profile: \${{ secrets.CPF_PROFILE }}"
[[ "$CPF_PROFILE" =~ ^[[:space:]]*\{ ]] || fail "the input profile is not a JSON object (it must be the profile's content, not its path). Fix: store the profile file's content in a secret and pass it, with: profile: \${{ secrets.CPF_PROFILE }}"
if [ -n "${CPF_EXPECTATIONS:-}" ] && [ ! -f "${GITHUB_WORKSPACE:-.}/$CPF_EXPECTATIONS" ]; then
  fail "the input expectations names '$CPF_EXPECTATIONS', which is not a file of the workspace. Fix: a path relative to the repository root, checked out before this step"
fi
if [ -n "${CPF_SIGN_KEY:-}" ] && [[ "$CPF_SIGN_KEY" != *"-----BEGIN PRIVATE KEY-----"* ]]; then
  fail "the input sign-key is not a private key PEM (PKCS#8). Fix: the content of the Ed25519 key file, from a secret"
fi
: "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set: run as a step of the action, or set it to a file}"

work="${CPF_WORK_DIR:-${RUNNER_TEMP:-/tmp}/cpf-conformance}"
mkdir -p "$work"
(umask 077 && printf '%s' "$CPF_PROFILE" > "$work/profile.json")
args=(--base-url "$CPF_BASE_URL" --profile profile.json --report-dir reports)
for area in ${CPF_AREAS//,/ }; do args+=(--area "$area"); done
for rule in ${CPF_RULES//,/ }; do args+=(--rules "$rule"); done
if [ -n "${CPF_EXPECTATIONS:-}" ]; then
  cp "${GITHUB_WORKSPACE:-.}/$CPF_EXPECTATIONS" "$work/expectations.json"
  args+=(--expect expectations.json)
fi
if [ -n "${CPF_SIGN_KEY:-}" ]; then
  (umask 077 && printf '%s\n' "$CPF_SIGN_KEY" > "$work/sign.pem")
  args+=(--sign-key sign.pem)
fi
network=()
if [ -n "${CPF_NETWORK:-}" ]; then network=(--network "$CPF_NETWORK"); fi

echo "report-dir=$work/reports" >> "$GITHUB_OUTPUT"
code=0
docker run --rm --user "$(id -u):$(id -g)" -v "$work:/kit" "${network[@]}" "${CPF_IMAGE:-cpf-conformance-kit}" "${args[@]}" || code=$?
rm -f "$work/profile.json" "$work/sign.pem"
echo "exit-code=$code" >> "$GITHUB_OUTPUT"
echo "statement=$work/reports/statement.json" >> "$GITHUB_OUTPUT"
exit "$code"
