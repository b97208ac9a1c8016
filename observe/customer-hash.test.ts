import { describe, expect, it } from 'vitest';
import { customerOf, withoutCredentials } from './customer-hash.js';
import type { HeaderField, ObservedExchange } from './exchange.js';

const TOKEN = 'cpf_3Jq9xK2mVt7wLpR4sN8d';
/** sha256 of TOKEN, first 16 hex digits, worked out apart from the code under test. */
const CUSTOMER = 'customer:a9ffbc95ead16d81';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

function exchange(headers: HeaderField[], url = 'https://api.example.test/api/v2/reports', answer: Partial<ObservedExchange['response']> = {}): ObservedExchange {
  return {
    source: 'test.har',
    index: 0,
    startedAt: 0,
    durationMs: 1,
    request: { method: 'GET', url, httpVersion: 'HTTP/1.1', headers },
    response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [], mimeType: 'application/json', bodySize: 2, bodyText: '[]', ...answer },
  };
}

const authorization = (value: string) => exchange([{ name: 'Authorization', value }]);

describe('customerOf', () => {
  it('is customer: and the first 16 hex digits of the SHA-256 of the token', () => {
    expect(customerOf(TOKEN)).toBe(CUSTOMER);
  });
});

describe('withoutCredentials', () => {
  it('replaces a Bearer token by its hash, keeps the scheme, and names the customer by it', () => {
    const seen = withoutCredentials(authorization(`Bearer ${TOKEN}`));
    expect(seen.request.headers).toEqual([{ name: 'Authorization', value: `Bearer ${CUSTOMER}` }]);
    expect(seen.customer).toBe(CUSTOMER);
    expect(seen.token).toEqual({ jwtShaped: false, echoedInAnswer: false });
    expect(JSON.stringify(seen)).not.toContain(TOKEN);
  });

  it('reads the scheme in any case, as HTTP does, and keeps it as sent', () => {
    const seen = withoutCredentials(authorization(`bearer  ${TOKEN}`));
    expect(seen.request.headers[0]?.value).toBe(`bearer  ${CUSTOMER}`);
    expect(seen.customer).toBe(CUSTOMER);
  });

  it('hashes credentials of other schemes and bare tokens too, but names no customer by them', () => {
    const basic = Buffer.from(`user:${TOKEN}`).toString('base64');
    for (const [value, expected] of [
      [`Basic ${basic}`, `Basic ${customerOf(basic)}`],
      [TOKEN, CUSTOMER],
      ['Bearer', 'Bearer'],
      ['', ''],
    ] as const) {
      const seen = withoutCredentials(authorization(value));
      expect(seen.request.headers[0]?.value).toBe(expected);
      expect(seen.customer).toBeUndefined();
      expect(seen.token).toBeUndefined();
    }
  });

  it('replaces a token in the token or access_token query parameter by the same hash, and nothing else in the URL', () => {
    const seen = withoutCredentials(exchange([], `https://api.example.test/api/v2/reports?page=2&token=${encodeURIComponent(TOKEN)}&x=1#f`));
    expect(seen.request.url).toBe(`https://api.example.test/api/v2/reports?page=2&token=${CUSTOMER}&x=1#f`);
    expect(withoutCredentials(exchange([], `https://x.test/reports?ACCESS_TOKEN=${TOKEN}`)).request.url).toBe(`https://x.test/reports?ACCESS_TOKEN=${CUSTOMER}`);
    expect(withoutCredentials(exchange([], 'https://x.test/reports?token=')).request.url).toBe('https://x.test/reports?token=');
    expect(seen.customer).toBeUndefined();
  });

  it('tells the judge whether the token was JWT-shaped (AUTH-6) and whether the answer gave it back (AUTH-12)', () => {
    expect(withoutCredentials(authorization(`Bearer ${JWT}`)).token).toEqual({ jwtShaped: true, echoedInAnswer: false });
    expect(withoutCredentials(authorization('Bearer a.b.c')).token?.jwtShaped).toBe(false);
    const echoes: Partial<ObservedExchange['response']>[] = [
      { bodyText: `{"token":"${TOKEN}"}` },
      { headers: [{ name: 'Location', value: `/reports?token=${TOKEN}` }] },
      { bodyText: undefined, bodyBinary: Buffer.from(`%PDF ${TOKEN}`) },
      { statusText: `Bad ${TOKEN}` },
    ];
    for (const answer of echoes) {
      const seen = withoutCredentials(exchange([{ name: 'authorization', value: `Bearer ${TOKEN}` }], undefined, answer));
      expect(seen.token?.echoedInAnswer).toBe(true);
      // ...and the answer keeps the token no more than the request does.
      const { statusText, headers, bodyText, bodyBinary } = seen.response;
      expect([statusText, bodyText, ...headers.map((h) => h.value)].join(' ')).not.toContain(TOKEN);
      expect(bodyBinary?.includes(TOKEN)).not.toBe(true);
    }
    expect(withoutCredentials(exchange([{ name: 'authorization', value: `Bearer ${TOKEN}` }], undefined, echoes[2])).response.bodyBinary).toEqual(Buffer.from(`%PDF ${CUSTOMER}`));
  });

  it('replaces the token wherever else the request repeats it, but leaves credentials too short to tell from text where they are', () => {
    const sent = exchange([
      { name: 'Authorization', value: `Bearer ${TOKEN}` },
      { name: 'X-Api-Key', value: TOKEN },
    ]);
    const seen = withoutCredentials({ ...sent, request: { ...sent.request, method: 'POST', bodyText: `{"apiToken":"${TOKEN}"}` } });
    expect(seen.request.headers[1]).toEqual({ name: 'X-Api-Key', value: CUSTOMER });
    expect(seen.request.bodyText).toBe(`{"apiToken":"${CUSTOMER}"}`);
    const short = withoutCredentials(exchange([{ name: 'Authorization', value: 'Bearer abc' }], undefined, { bodyText: '{"name":"abc"}' }));
    expect(short.request.headers[0]?.value).toBe(`Bearer ${customerOf('abc')}`);
    expect(short.response.bodyText).toBe('{"name":"abc"}');
  });

  it('names the customer by the first Bearer header and leaves other headers alone', () => {
    const seen = withoutCredentials(
      exchange([
        { name: 'Accept', value: 'application/json' },
        { name: 'authorization', value: `Bearer ${TOKEN}` },
        { name: 'Authorization', value: 'Bearer other' },
      ]),
    );
    expect(seen.customer).toBe(CUSTOMER);
    expect(seen.request.headers).toEqual([
      { name: 'Accept', value: 'application/json' },
      { name: 'authorization', value: `Bearer ${CUSTOMER}` },
      { name: 'Authorization', value: `Bearer ${customerOf('other')}` },
    ]);
  });
});
