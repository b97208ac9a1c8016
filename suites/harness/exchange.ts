/** One request/response pair as the harness saw it; the token never appears in clear. */
export interface Exchange {
  customer: string;
  request: { method: string; url: string; headers: Record<string, string>; body?: string };
  response?: { status: number; headers: Record<string, string>; body: string };
  error?: string;
  sentAt: number;
  receivedAt: number;
}

const SECRET_HEADERS = new Set(['authorization', 'cookie', 'x-api-key']);
// Checks send tokens in query strings on purpose (they must not authenticate); reports never show them.
const SECRET_QUERY = /([?&](?:token|access_token|api_token|api_key|apikey|key)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1<redacted>');
}

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!SECRET_HEADERS.has(name.toLowerCase())) out[name] = value;
    else out[name] = /^\w+\s+\S/.test(value) ? value.replace(/^(\w+\s+).*/, '$1<redacted>') : '<redacted>';
  }
  return out;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The variable a curl line takes the token from, named for the profile role that sent it:
 * `primary` -> CPF_TOKEN_PRIMARY, `pool:3` -> CPF_TOKEN_POOL_3, its second token
 * (`pool:3 token 2`) -> CPF_TOKEN_POOL_3_2, `noHeatpumpRight` -> CPF_TOKEN_NO_HEATPUMP_RIGHT.
 * Requests with a deliberately invalid token keep it in the line (it is no secret).
 */
export function tokenVariable(customer: string): string | undefined {
  const match = /^([A-Za-z]+)(?::(\d+))?(?: token (\d+))?$/.exec(customer);
  if (!match || customer === 'anonymous' || customer === 'public') return undefined;
  const [, role, index, token] = match;
  const name = (role as string).replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
  return `CPF_TOKEN_${name}${index === undefined ? '' : `_${index}`}${token === undefined || token === '1' ? '' : `_${token}`}`;
}

/** A line an operator can paste to reproduce the request, the token taken from the variable of its role. */
export function curlLine(e: Exchange): string {
  const parts = ['curl', '-i', '-X', e.request.method, shellQuote(e.request.url)];
  const variable = tokenVariable(e.customer);
  for (const [name, value] of Object.entries(e.request.headers)) {
    // The recorded value keeps the scheme the check sent (Bearer, a bare token, another scheme) around the redaction.
    const header = name.toLowerCase() === 'authorization' && variable && value.includes('<redacted>') ? `"Authorization: ${value.replace('<redacted>', `$${variable}`)}"` : shellQuote(`${name}: ${value}`);
    parts.push('-H', header);
  }
  if (e.request.body !== undefined) {
    parts.push('--data-binary', shellQuote(e.request.body.length > 2000 ? `${e.request.body.slice(0, 2000)}...` : e.request.body));
  }
  return parts.join(' ');
}

export function formatExchange(e: Exchange): string {
  const lines = [`# customer: ${e.customer}, ${Math.round(e.receivedAt - e.sentAt)} ms`, `${e.request.method} ${e.request.url}`];
  for (const [name, value] of Object.entries(e.request.headers)) lines.push(`${name}: ${value}`);
  if (e.request.body !== undefined) lines.push('', e.request.body.length > 4000 ? `${e.request.body.slice(0, 4000)}... (${e.request.body.length} bytes)` : e.request.body);
  lines.push('');
  if (e.response) {
    lines.push(`HTTP ${e.response.status}`);
    for (const [name, value] of Object.entries(e.response.headers)) lines.push(`${name}: ${value}`);
    lines.push('', e.response.body.length > 4000 ? `${e.response.body.slice(0, 4000)}...` : e.response.body);
  } else {
    lines.push(`(no response: ${e.error ?? 'unknown'})`);
  }
  return lines.join('\n');
}
