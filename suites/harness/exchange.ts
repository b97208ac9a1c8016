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

/** A line an operator can paste to reproduce the request (with their own token in $CPF_TOKEN). */
export function curlLine(e: Exchange): string {
  const parts = ['curl', '-i', '-X', e.request.method, shellQuote(e.request.url)];
  for (const [name, value] of Object.entries(e.request.headers)) {
    parts.push('-H', name.toLowerCase() === 'authorization' ? '"Authorization: Bearer $CPF_TOKEN"' : shellQuote(`${name}: ${value}`));
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
