import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { LookupAddress } from 'node:dns';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGuardedFetch, createGuardedLookup, resolveChecked, type GuardedFetchOptions, type Resolver, type WebhookRequest } from './guarded-fetch.js';

/*
 * Every connection in this file goes to loopback: delivering cases use an injected resolver that
 * answers loopback addresses together with allowLoopback; refused cases never connect (asserted
 * through the receiver's connection counter and the absence of `address` in the outcome).
 */

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
  localAddress: string | undefined;
}

interface Receiver {
  port: number;
  host: string;
  requests: Received[];
  connections: number;
  url(host?: string, path?: string): string;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const receivers: Receiver[] = [];

async function startReceiver(handler: Handler = (_req, res) => res.writeHead(204).end(), host = '127.0.0.1', port = 0): Promise<Receiver> {
  const requests: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method, url: req.url, headers: req.headers, body, localAddress: req.socket.localAddress });
      handler(req, res, body);
    });
  });
  const receiver: Receiver = {
    port: 0,
    host,
    requests,
    connections: 0,
    url(h = host.includes(':') ? `[${host}]` : host, path = '/hook') {
      return `http://${h}:${this.port}${path}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('connection', () => {
    receiver.connections++;
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  receiver.port = (server.address() as AddressInfo).port;
  receivers.push(receiver);
  return receiver;
}

afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

type ScriptedResolver = Resolver & { calls: string[] };

/** Answers the n-th call with answers[n] (the last one repeats). */
function scriptedResolver(...answers: string[][]): ScriptedResolver {
  const calls: string[] = [];
  const resolve = async (host: string) => {
    calls.push(host);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)] ?? [];
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

const noResolver: ScriptedResolver = Object.assign(
  async (host: string): Promise<never> => {
    throw new Error(`resolver must not be called (${host})`);
  },
  { calls: [] },
);

function request(url: string, body = '{"hello":"world"}'): WebhookRequest {
  return { url, headers: { 'Content-Type': 'application/json', 'X-Service-Event': 'pdf.generated', 'X-Service-Delivery': 'd-1' }, body };
}

function loopbackFetch(options: GuardedFetchOptions = {}) {
  return createGuardedFetch({ resolve: scriptedResolver(['127.0.0.1']), allowLoopback: true, ...options });
}

describe('guarded fetch: delivering to loopback (allowLoopback + injected resolver)', () => {
  it('POSTs the body and headers; 2xx is delivered; the connected address is reported', async () => {
    const receiver = await startReceiver();
    const resolve = scriptedResolver(['127.0.0.1']);
    const send = createGuardedFetch({ resolve, allowLoopback: true });
    const outcome = await send(request(receiver.url('receiver.test'), '{"a":"ä"}'));
    expect(outcome).toMatchObject({ delivered: true, status: 204, address: '127.0.0.1' });
    expect(outcome.error).toBeUndefined();
    expect(outcome.durationMs).toBeGreaterThanOrEqual(0);
    expect(resolve.calls).toEqual(['receiver.test']);
    expect(receiver.requests).toHaveLength(1);
    const [received] = receiver.requests;
    expect(received).toMatchObject({ method: 'POST', url: '/hook', body: '{"a":"ä"}' });
    expect(received?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-service-event': 'pdf.generated',
      'x-service-delivery': 'd-1',
      host: `receiver.test:${receiver.port}`,
      'content-length': String(Buffer.byteLength('{"a":"ä"}')),
      connection: 'close',
    });
  });

  it.each([200, 201, 202, 204, 299])('status %i counts as delivered', async (status) => {
    const receiver = await startReceiver((_req, res) => res.writeHead(status).end('ok'));
    const outcome = await loopbackFetch()(request(receiver.url('r.test')));
    expect(outcome).toMatchObject({ delivered: true, status });
  });

  it('keeps the query string and path', async () => {
    const receiver = await startReceiver();
    await loopbackFetch()(request(receiver.url('r.test', '/a/b?x=1&y=%20')));
    expect(receiver.requests[0]?.url).toBe('/a/b?x=1&y=%20');
  });

  it('the caller cannot override Host, Content-Length or Connection', async () => {
    const receiver = await startReceiver();
    const req = request(receiver.url('r.test'));
    await loopbackFetch()({ ...req, headers: { ...req.headers, Host: 'evil.test', 'content-length': '1', Connection: 'keep-alive' } });
    expect(receiver.requests[0]?.headers).toMatchObject({ host: `r.test:${receiver.port}`, 'content-length': String(req.body.length), connection: 'close' });
  });

  it('IPv6 loopback: a literal [::1] and a resolver answer ::1 both deliver with allowLoopback', async () => {
    const receiver = await startReceiver(undefined, '::1');
    const literal = await createGuardedFetch({ resolve: noResolver, allowLoopback: true })(request(receiver.url()));
    expect(literal).toMatchObject({ delivered: true, address: '::1' });
    const named = await createGuardedFetch({ resolve: scriptedResolver(['::1']), allowLoopback: true })(request(receiver.url('v6.test')));
    expect(named).toMatchObject({ delivered: true, address: '::1' });
  });

  it.each(['127.1', '0x7f.1', '0177.0.0.1', '017700000001', '2130706433', '0x7f000001'])(
    'literal %s is normalized to 127.0.0.1, judged and (with allowLoopback) connected without the resolver',
    async (host) => {
      const receiver = await startReceiver();
      const outcome = await createGuardedFetch({ resolve: noResolver, allowLoopback: true })(request(receiver.url(host)));
      expect(outcome).toMatchObject({ delivered: true, address: '127.0.0.1' });
    },
  );
});

describe('guarded fetch: allowLoopback is off by default', () => {
  it('a name resolving to 127.0.0.1 is refused without the flag; nothing connects', async () => {
    const receiver = await startReceiver();
    const resolve = scriptedResolver(['127.0.0.1']);
    const outcome = await createGuardedFetch({ resolve })(request(receiver.url('receiver.test')));
    expect(outcome.delivered).toBe(false);
    expect(outcome.error).toMatch(/127\.0\.0\.1 refused: 127\.0\.0\.0\/8 loopback/);
    expect(outcome.address).toBeUndefined();
    expect(resolve.calls).toEqual(['receiver.test']);
    expect(receiver.connections).toBe(0);
  });

  it('the default options (system resolver) refuse http://127.0.0.1, http://[::1] and http://localhost', async () => {
    const receiver = await startReceiver();
    const send = createGuardedFetch();
    for (const url of [receiver.url(), receiver.url('[::1]'), receiver.url('localhost')]) {
      const outcome = await send(request(url));
      expect(outcome, url).toMatchObject({ delivered: false, error: expect.stringMatching(/refused/) });
    }
    expect(receiver.connections).toBe(0);
  });
});

describe('guarded fetch: IP-literal hosts are judged before connecting (no resolver, no connection)', () => {
  const LOOPBACK_NOTATIONS = ['127.0.0.1', '127.1', '127.0.1', '0x7f.1', '0x7f.0.0.1', '0177.0.0.1', '017700000001', '2130706433', '0x7f000001', '127.0.0.1.', '[::1]', '[0:0:0:0:0:0:0:1]'];
  // Forms of "this host" and documentation addresses only: even a regressed guard would not send
  // packets anywhere beyond this machine. The other ranges and notations are covered in
  // webhook-ip-policy and webhook-host-literal, which never open sockets.
  const ALWAYS_REFUSED = ['0.0.0.0', '0', '0x0', '[::]', '[::ffff:127.0.0.1]', '[::ffff:7f00:1]', '[::127.0.0.1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::]', '192.0.2.1', '0xc0000201', '198.51.100.1', '203.0.113.1', '[2001:db8::1]'];

  it.each(LOOPBACK_NOTATIONS)('%s refused without allowLoopback', async (host) => {
    const receiver = await startReceiver();
    const outcome = await createGuardedFetch({ resolve: noResolver })(request(receiver.url(host)));
    expect(outcome).toMatchObject({ delivered: false, error: expect.stringMatching(/refused/) });
    expect(outcome.address).toBeUndefined();
    expect(receiver.connections).toBe(0);
  });

  it.each(ALWAYS_REFUSED)('%s refused even with allowLoopback', async (host) => {
    const receiver = await startReceiver();
    const outcome = await createGuardedFetch({ resolve: noResolver, allowLoopback: true })(request(receiver.url(host)));
    expect(outcome).toMatchObject({ delivered: false, error: expect.stringMatching(/refused/) });
    expect(outcome.address).toBeUndefined();
    expect(receiver.connections).toBe(0);
  });

  it.each([
    ['ftp://r.test/x', /scheme ftp: refused/],
    ['file:///etc/passwd', /scheme file: refused/],
    ['data:text/plain,hi', /scheme data: refused/],
    ['javascript:alert(1)', /scheme javascript: refused/],
    ['gopher://127.0.0.1:70/', /scheme gopher: refused/],
    ['not a url', /invalid URL/],
    ['http://[fe80::1%25lo]/', /invalid URL/],
    ['http://user:secret@r.test/', /credentials/],
  ])('%s refused', async (url, error) => {
    const outcome = await createGuardedFetch({ resolve: noResolver, allowLoopback: true })(request(url));
    expect(outcome).toMatchObject({ delivered: false, error: expect.stringMatching(error) });
  });
});

describe('guarded fetch: resolved addresses are checked inside the connecting lookup', () => {
  it('every answer must be public: a public address listed before a private one is refused', async () => {
    const receiver = await startReceiver();
    for (const answer of [
      ['8.8.8.8', '10.0.0.1'],
      ['2606:4700::1111', 'fd00::1'],
      ['1.1.1.1', '127.0.0.1'],
      ['8.8.8.8', '::ffff:127.0.0.1'],
    ]) {
      const resolve = scriptedResolver(answer);
      const outcome = await createGuardedFetch({ resolve })(request(receiver.url('mixed.test')));
      expect(outcome, answer.join(',')).toMatchObject({ delivered: false, error: expect.stringMatching(/refused/) });
      expect(outcome.address).toBeUndefined();
      expect(resolve.calls).toEqual(['mixed.test']);
    }
    expect(receiver.connections).toBe(0);
  });

  it('allowLoopback admits 127/8 and ::1 only: loopback listed before a refused form of it is still refused', async () => {
    const receiver = await startReceiver();
    for (const second of ['::ffff:127.0.0.1', '0.0.0.0', '::']) {
      const outcome = await createGuardedFetch({ resolve: scriptedResolver(['127.0.0.1', second]), allowLoopback: true })(request(receiver.url('mix.test')));
      expect(outcome, second).toMatchObject({ delivered: false, error: expect.stringContaining(`mix.test -> ${second} refused`) });
    }
    expect(receiver.connections).toBe(0);
  });

  it.each([[[]], [['not-an-ip']], [['fe80::1%lo']], [['127.000.000.001']]])('resolver answer %j refused', async (answer) => {
    const receiver = await startReceiver();
    const outcome = await createGuardedFetch({ resolve: scriptedResolver(answer), allowLoopback: true })(request(receiver.url('odd.test')));
    expect(outcome.delivered).toBe(false);
    expect(outcome.error).toBeTruthy();
    expect(receiver.connections).toBe(0);
  });

  it('DNS rebinding: a pre-check sees a public address, the connection-time lookup sees 127.0.0.1 and refuses', async () => {
    const receiver = await startReceiver();
    const resolve = scriptedResolver(['93.184.215.14'], ['127.0.0.1']);
    // What a naive sender would do: check first, then let the socket resolve again.
    const preCheck = await resolve('rebind.test');
    expect(preCheck).toEqual([{ address: '93.184.215.14', family: 4 }]);
    const outcome = await createGuardedFetch({ resolve })(request(receiver.url('rebind.test')));
    expect(outcome).toMatchObject({ delivered: false, error: expect.stringMatching(/rebind\.test -> 127\.0\.0\.1 refused/) });
    // One resolution by the pre-check, exactly one by the connecting socket, none anywhere else.
    expect(resolve.calls).toEqual(['rebind.test', 'rebind.test']);
    expect(receiver.connections).toBe(0);
  });

  it('the connected address is the checked one: one resolution per delivery, and the socket goes where it said', async () => {
    const receiver = await startReceiver();
    // A decoy on the second answer: if anything resolved the name again, it would land here.
    const decoy = await startReceiver(undefined, '127.0.0.2', receiver.port).catch(() => undefined);
    const resolve = scriptedResolver(['127.0.0.1'], ['127.0.0.2']);
    const send = createGuardedFetch({ resolve, allowLoopback: true });
    const outcome = await send(request(receiver.url('rebind.test')));
    expect(outcome).toMatchObject({ delivered: true, address: '127.0.0.1' });
    expect(resolve.calls).toEqual(['rebind.test']);
    expect(receiver.requests.map((r) => r.localAddress)).toEqual(['127.0.0.1']);
    if (decoy) expect(decoy.connections).toBe(0);
  });

  it('nothing is cached: the next delivery resolves again and a changed answer is judged again', async () => {
    const receiver = await startReceiver();
    const resolve = scriptedResolver(['127.0.0.1'], ['::ffff:127.0.0.1']);
    const send = createGuardedFetch({ resolve, allowLoopback: true });
    expect(await send(request(receiver.url('flip.test')))).toMatchObject({ delivered: true });
    expect(await send(request(receiver.url('flip.test')))).toMatchObject({ delivered: false, error: expect.stringMatching(/IPv4-mapped/) });
    expect(resolve.calls).toEqual(['flip.test', 'flip.test']);
    expect(receiver.requests).toHaveLength(1);
  });

  it('https goes through the same lookup (refused without the flag; TLS failure is a plain non-delivery)', async () => {
    const receiver = await startReceiver();
    const refusedResolver = scriptedResolver(['127.0.0.1']);
    const refused = await createGuardedFetch({ resolve: refusedResolver })(request(`https://tls.test:${receiver.port}/`));
    expect(refused).toMatchObject({ delivered: false, error: expect.stringMatching(/refused/) });
    expect(refusedResolver.calls).toEqual(['tls.test']);
    expect(receiver.connections).toBe(0);

    const tlsResolver = scriptedResolver(['127.0.0.1']);
    const plainHttp = await createGuardedFetch({ resolve: tlsResolver, allowLoopback: true })(request(`https://tls.test:${receiver.port}/`));
    expect(plainHttp.delivered).toBe(false);
    expect(plainHttp.error).toBeTruthy();
    expect(tlsResolver.calls).toEqual(['tls.test']);
  });
});

describe('guarded fetch: the lookup function on its own (no socket)', () => {
  const lookupOnce = (resolve: Resolver, options: { all?: boolean; family?: number }, allowLoopback = false) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>((done) =>
      createGuardedLookup(resolve, allowLoopback)('host.test', options, (err, address, family) => done({ err, address, family })),
    );

  it('hands public answers to the socket, all of them for all:true, normalized', async () => {
    const resolve = scriptedResolver(['8.8.8.8', '2606:4700:0:0:0:0:0:1111']);
    expect(await lookupOnce(resolve, { all: true })).toEqual({
      err: null,
      address: [
        { address: '8.8.8.8', family: 4 },
        { address: '2606:4700::1111', family: 6 },
      ],
      family: undefined,
    });
    expect(await lookupOnce(resolve, { family: 6 })).toEqual({ err: null, address: '2606:4700::1111', family: 6 });
    expect(await lookupOnce(resolve, {})).toEqual({ err: null, address: '8.8.8.8', family: 4 });
  });

  it('fails the socket when one answer is not public, or no answer has the wanted family', async () => {
    const mixed = await lookupOnce(scriptedResolver(['8.8.8.8', '169.254.169.254']), { all: true });
    expect(mixed.err?.code).toBe('ERR_WEBHOOK_ADDRESS_REFUSED');
    const noV6 = await lookupOnce(scriptedResolver(['8.8.8.8']), { family: 6 });
    expect(noV6.err?.code).toBe('ENOTFOUND');
  });

  it('judges a literal handed to the lookup without resolving it', async () => {
    await expect(resolveChecked('0x7f.1', noResolver, false)).rejects.toThrow(/127\.0\.0\.1 refused/);
    await expect(resolveChecked('0x7f.1', noResolver, true)).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(resolveChecked('[fe80::1%25lo]', noResolver, true)).rejects.toThrow(/zone/);
  });
});

describe('guarded fetch: redirects are never followed', () => {
  it.each([301, 302, 303, 307, 308])('%i is a failure and the Location is not requested', async (status) => {
    const elsewhere = await startReceiver();
    const receiver = await startReceiver((_req, res) => res.writeHead(status, { Location: elsewhere.url() }).end());
    const outcome = await loopbackFetch()(request(receiver.url('redirect.test')));
    expect(outcome).toMatchObject({ delivered: false, status, error: expect.stringMatching(/redirect/) });
    expect(receiver.requests).toHaveLength(1);
    expect(elsewhere.connections).toBe(0);
  });
});

describe('guarded fetch: failures are outcomes, never exceptions', () => {
  it('500 is not delivered', async () => {
    const receiver = await startReceiver((_req, res) => res.writeHead(500).end('boom'));
    expect(await loopbackFetch()(request(receiver.url('r.test')))).toMatchObject({ delivered: false, status: 500, error: 'HTTP 500', bodyBytes: 4 });
  });

  it.each([400, 401, 404, 410, 503])('%i is not delivered', async (status) => {
    const receiver = await startReceiver((_req, res) => res.writeHead(status).end());
    expect(await loopbackFetch()(request(receiver.url('r.test')))).toMatchObject({ delivered: false, status });
  });

  it('connection refused is not delivered', async () => {
    const closed = await startReceiver();
    const port = closed.port;
    await closed.close();
    receivers.splice(receivers.indexOf(closed), 1);
    const outcome = await loopbackFetch()(request(`http://r.test:${port}/`));
    expect(outcome).toMatchObject({ delivered: false, error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('a resolver that rejects or throws synchronously is a non-delivery', async () => {
    const rejecting: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND x'), { code: 'ENOTFOUND' });
    };
    const throwing = ((host: string) => {
      throw new Error(`sync ${host}`);
    }) as unknown as Resolver;
    for (const resolve of [rejecting, throwing]) {
      const outcome = await createGuardedFetch({ resolve, allowLoopback: true })(request('http://nowhere.test/'));
      expect(outcome).toMatchObject({ delivered: false, error: expect.any(String) });
    }
  });

  it('a header value Node refuses is a non-delivery', async () => {
    const receiver = await startReceiver();
    const req = request(receiver.url('r.test'));
    const outcome = await loopbackFetch()({ ...req, headers: { ...req.headers, 'X-Bad': 'a\r\nInjected: 1' } });
    expect(outcome).toMatchObject({ delivered: false, error: expect.any(String) });
    expect(receiver.connections).toBe(0);
  });

  it('the server closing the connection without an answer is a non-delivery', async () => {
    const receiver = await startReceiver((req) => req.socket.destroy());
    expect(await loopbackFetch()(request(receiver.url('r.test')))).toMatchObject({ delivered: false, error: expect.stringMatching(/socket hang up|ECONNRESET/) });
  });
});

describe('guarded fetch: timeout', () => {
  it('a target that never answers times out and the connection is dropped', async () => {
    let closed = false;
    const receiver = await startReceiver((req) => req.socket.on('close', () => (closed = true)));
    const outcome = await loopbackFetch({ timeoutMs: 200 })(request(receiver.url('slow.test')));
    expect(outcome).toMatchObject({ delivered: false, error: 'timeout after 200 ms' });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(150);
    expect(outcome.durationMs).toBeLessThan(3000);
    await expect.poll(() => closed).toBe(true);
  });

  it('a resolver that never answers times out too', async () => {
    const hanging: Resolver = () => new Promise(() => {});
    const outcome = await createGuardedFetch({ resolve: hanging, timeoutMs: 100 })(request('http://hang.test/'));
    expect(outcome).toMatchObject({ delivered: false, error: 'timeout after 100 ms' });
  });

  it('defaults to 5 s', async () => {
    const receiver = await startReceiver(() => {});
    const started = Date.now();
    const outcome = await loopbackFetch()(request(receiver.url('slow.test')));
    expect(outcome).toMatchObject({ delivered: false, error: 'timeout after 5000 ms' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
  }, 10_000);

  it('a 2xx whose body stalls is delivered (the status decides), the body is cut at the deadline', async () => {
    const receiver = await startReceiver((_req, res) => {
      res.writeHead(200, { 'Content-Length': '1000' });
      res.write('partial');
    });
    const outcome = await loopbackFetch({ timeoutMs: 200 })(request(receiver.url('stall.test')));
    expect(outcome).toMatchObject({ delivered: true, status: 200, bodyBytes: 7, bodyTruncated: true });
  });
});

describe('guarded fetch: bounded response read', () => {
  function streamingHandler(status: number, stats: { written: number; closed: boolean }): Handler {
    const chunk = Buffer.alloc(16 * 1024, 0x61);
    const limit = 256 * 1024 * 1024;
    return (_req, res) => {
      res.writeHead(status, { 'Content-Type': 'application/octet-stream' });
      res.on('close', () => (stats.closed = true));
      const pump = () => {
        while (!res.destroyed && stats.written < limit) {
          stats.written += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        if (!res.destroyed) res.end();
      };
      pump();
    };
  }

  it('a huge 2xx body: reads at most 64 KiB (+ one chunk), drops the connection, still delivered', async () => {
    const stats = { written: 0, closed: false };
    const receiver = await startReceiver(streamingHandler(200, stats));
    const outcome = await loopbackFetch({ timeoutMs: 10_000 })(request(receiver.url('huge.test')));
    expect(outcome).toMatchObject({ delivered: true, status: 200, bodyTruncated: true });
    expect(outcome.bodyBytes).toBeGreaterThan(64 * 1024);
    expect(outcome.bodyBytes).toBeLessThanOrEqual(64 * 1024 + 64 * 1024);
    expect(outcome.durationMs).toBeLessThan(5_000);
    await expect.poll(() => stats.closed).toBe(true);
    expect(stats.written).toBeLessThan(256 * 1024 * 1024);
  });

  it('a huge 500 body is cut the same way and not delivered', async () => {
    const stats = { written: 0, closed: false };
    const receiver = await startReceiver(streamingHandler(500, stats));
    const outcome = await loopbackFetch({ maxBodyBytes: 1024 })(request(receiver.url('huge.test')));
    expect(outcome).toMatchObject({ delivered: false, status: 500, bodyTruncated: true });
    expect(outcome.bodyBytes).toBeLessThanOrEqual(1024 + 64 * 1024);
  });

  it('a body within the bound is read to its end', async () => {
    const receiver = await startReceiver((_req, res) => res.writeHead(200).end('x'.repeat(1000)));
    const outcome = await loopbackFetch()(request(receiver.url('small.test')));
    expect(outcome).toMatchObject({ delivered: true, bodyBytes: 1000 });
    expect(outcome.bodyTruncated).toBeUndefined();
  });
});

describe('guarded fetch: options', () => {
  it('rejects nonsensical options at construction', () => {
    expect(() => createGuardedFetch({ timeoutMs: 0 })).toThrow(RangeError);
    expect(() => createGuardedFetch({ maxBodyBytes: -1 })).toThrow(RangeError);
  });

  it('durationMs comes from the injected clock', async () => {
    const receiver = await startReceiver();
    let t = 1000;
    const clock = { monotonicMs: () => (t += 21) };
    const outcome = await loopbackFetch({ clock })(request(receiver.url('clock.test')));
    expect(outcome.durationMs).toBe(21);
  });
});
