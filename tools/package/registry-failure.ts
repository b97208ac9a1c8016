/**
 * Whether a failed `npm install` failed for want of the registry (no network, no DNS, a proxy
 * refusing, nothing cached for an offline install) rather than because of the package: the
 * packed-install check skips then, since the dependencies cannot come from anywhere else.
 */
const UNREACHABLE = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ENOTCACHED|ERR_SOCKET_TIMEOUT)\b|network request to \S+ failed|request to https?:\/\/\S+ failed/;

export function registryUnreachable(npmOutput: string): string | undefined {
  const match = UNREACHABLE.exec(npmOutput);
  if (!match) return undefined;
  const lines = npmOutput.split('\n');
  // npm names the request that failed in a line of its own; it says more than the error code.
  const line = lines.find((l) => /request to \S+ failed/.test(l)) ?? lines.find((l) => l.includes(match[0])) ?? match[0];
  return line.replace(/^npm (error|ERR!)\s*/, '').trim();
}
