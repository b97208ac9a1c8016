import net from 'node:net';
import { UsageError } from '../cli/command-line/usage.js';

/**
 * `--source-addresses SPEC` of both load tools: the local addresses the requests leave from, so
 * that limits per source address and load balancers hashing the client's address see a
 * population instead of one client. SPEC is a comma list of addresses and IPv4 ranges `A-B`
 * (both ends included), e.g. `127.0.1.1-127.0.1.64` or `127.0.1.1,127.0.2.1-127.0.2.8`; on Linux
 * every address of 127.0.0.0/8 is local, so a target on this machine can be reached from many.
 */
export const SOURCE_ADDRESSES_FLAG = '--source-addresses';

/** A pool of connections and a bind check per address: beyond this the run spends its time there. */
export const MAX_SOURCE_ADDRESSES = 4096;

const EXAMPLE = `e.g. ${SOURCE_ADDRESSES_FLAG} 127.0.1.1-127.0.1.64 or 127.0.1.1,127.0.1.2`;

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function numberToIpv4(n: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
}

/** The addresses of SPEC in the order given, ranges expanded; a UsageError naming the part that is wrong and the fix. */
export function parseSourceAddresses(spec: string): string[] {
  const wrong = (what: string, fix: string) => new UsageError(`${SOURCE_ADDRESSES_FLAG} '${spec}': ${what}. Fix: ${fix}`);
  const addresses: string[] = [];
  for (const raw of spec.split(',')) {
    const part = raw.trim();
    if (part === '') throw wrong('an empty entry', `addresses and ranges separated by single commas, ${EXAMPLE}`);
    const range = /^([^-]+)-([^-]+)$/.exec(part);
    if (!range) {
      if (net.isIP(part) === 0) throw wrong(`'${part}' is not an IP address`, `IPv4 or IPv6 addresses and IPv4 ranges A-B, ${EXAMPLE}`);
      addresses.push(part);
    } else {
      const [from, to] = [range[1] as string, range[2] as string].map((end) => end.trim()) as [string, string];
      if (!net.isIPv4(from) || !net.isIPv4(to)) throw wrong(`the range '${part}' needs two IPv4 addresses`, `IPv4 ranges A-B only (list IPv6 addresses with commas), ${EXAMPLE}`);
      const [low, high] = [ipv4ToNumber(from), ipv4ToNumber(to)];
      if (low > high) throw wrong(`the range '${part}' runs backwards`, `the lower address first: ${to}-${from}`);
      if (high - low + 1 + addresses.length > MAX_SOURCE_ADDRESSES) throw wrong(`more than ${MAX_SOURCE_ADDRESSES} addresses`, `a shorter range; each address gets connections of its own`);
      for (let n = low; n <= high; n++) addresses.push(numberToIpv4(n));
    }
  }
  if (addresses.length > MAX_SOURCE_ADDRESSES) throw wrong(`more than ${MAX_SOURCE_ADDRESSES} addresses`, 'fewer addresses; each gets connections of its own');
  const seen = new Set<string>();
  for (const address of addresses) {
    // Compared as written: '::1' and '0:0::1' would slip through, and bind both fine.
    if (seen.has(address)) throw wrong(`${address} twice`, 'every address once (ranges must not overlap)');
    seen.add(address);
  }
  if (new Set(addresses.map((a) => net.isIP(a))).size > 1) throw wrong('IPv4 and IPv6 addresses mixed', "addresses of one family, the target's: a connection cannot leave from one family to the other");
  return addresses;
}

/**
 * The address of the `index`-th client (a customer of load:simulate, a connection of
 * load:limiter): addresses taken in turn, so the same index always leaves from the same one.
 */
export function addressOf(addresses: readonly string[], index: number): string {
  return addresses[index % addresses.length] as string;
}

/** undici options (Pool, Agent) for connections from `address`; the name lookup asks for its family only. */
export function undiciFrom(address: string): { localAddress: string; connect: { family: number } } {
  return { localAddress: address, connect: { family: net.isIP(address) } };
}

const HOLD_FIX = `addresses of this machine's interfaces (\`ip -brief address\` lists them); on Linux every address of 127.0.0.0/8 is local (${EXAMPLE}), on macOS add each to lo0 first (sudo ifconfig lo0 alias 127.0.1.2)`;

/** Names the addresses `failed` lists (the first few) in one error. */
function failure(failed: { address: string; reason: string }[], verb: string, fix: string): UsageError {
  const named = failed
    .slice(0, 5)
    .map((f) => `${f.address}: ${f.reason}`)
    .join('; ');
  const more = failed.length > 5 ? ` (and ${failed.length - 5} more)` : '';
  return new UsageError(`${SOURCE_ADDRESSES_FLAG}: cannot ${verb} ${named}${more}. Fix: ${fix}`);
}

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : String(err));

/** Runs `check` over the addresses, `parallel` at a time; the ones that failed, with why, in order. */
async function eachAddress(addresses: readonly string[], check: (address: string) => Promise<void>): Promise<{ address: string; reason: string }[]> {
  const reasons: (string | undefined)[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < addresses.length; i = next++) {
      reasons[i] = await check(addresses[i] as string).then(
        () => undefined,
        (err: unknown) => codeOf(err),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(64, addresses.length) }, worker));
  return addresses.flatMap((address, i) => (reasons[i] === undefined ? [] : [{ address, reason: reasons[i] as string }]));
}

/**
 * Before any load: a socket bound to each address (port 0) and closed. An address no interface
 * holds fails here (EADDRNOTAVAIL), naming it, instead of as an error on every request from it.
 */
export async function assertBindable(addresses: readonly string[]): Promise<void> {
  const failed = await eachAddress(
    addresses,
    (address) =>
      new Promise<void>((resolve, reject) => {
        const server = net.createServer();
        server.once('error', reject);
        server.listen({ host: address, port: 0, exclusive: true }, () => server.close(() => resolve()));
      }),
  );
  if (failed.length > 0) throw failure(failed, 'bind', HOLD_FIX);
}

/**
 * A connection from each address to the target's host and port, closed at once: a bound address
 * may still have no route to the target (a loopback address reaches only this machine: EINVAL).
 */
export async function assertReachable(addresses: readonly string[], baseUrl: string, timeoutMs = 5000): Promise<void> {
  const url = new URL(baseUrl);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const failed = await eachAddress(
    addresses,
    (address) =>
      new Promise<void>((resolve, reject) => {
        const socket = net.connect({ host, port, localAddress: address, family: net.isIP(address), timeout: timeoutMs });
        socket.once('connect', () => {
          socket.destroy();
          resolve();
        });
        socket.once('timeout', () => {
          socket.destroy();
          reject(new Error(`no connection within ${timeoutMs} ms`));
        });
        socket.once('error', reject);
      }),
  );
  if (failed.length > 0) {
    const loopback = failed.some((f) => f.address.startsWith('127.') || f.address === '::1');
    throw failure(
      failed.map((f) => ({ ...f, reason: `${f.reason} (from it to ${host}:${port})` })),
      'connect from',
      loopback ? 'loopback addresses reach only a target on this machine: a --base-url on 127.0.0.1 (or leave it out for the bundled server), or addresses of the interface that routes to the target' : 'addresses of the interface that routes to the target',
    );
  }
}

/** The console's line on the spread: how many clients leave from each address, and the addresses left unused. */
export function spreadLine(addresses: readonly string[], clients: number, noun: 'customer' | 'connection'): string {
  const n = addresses.length;
  const span = n === 1 ? addresses[0] : `${addresses[0]} ... ${addresses.at(-1)}`;
  const per =
    clients >= n
      ? `${Math.floor(clients / n)}${clients % n === 0 ? '' : `-${Math.ceil(clients / n)}`} ${noun}s per address`
      : `one ${noun} each from the first ${clients}, the other ${n - clients} unused (more addresses than ${noun}s)`;
  return `source addresses: ${n} (${span}); ${noun} i leaves from address i mod ${n}: ${per}`;
}
