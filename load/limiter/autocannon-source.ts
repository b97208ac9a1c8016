import net from 'node:net';
import tls from 'node:tls';

type Connect = (...args: unknown[]) => unknown;
const sockets = net as unknown as { connect: Connect };
const tlsSockets = tls as unknown as { connect: Connect };

/**
 * Makes an autocannon client connect from `localAddress`. autocannon (9) takes no local address:
 * its client opens every connection, the first and each reconnect, with `this._connect()`, which
 * calls `net.connect(port, host)` (`tls.connect(port, host, options)` for https). Its
 * `setupClient` hook runs before the first one, so the client's own `_connect` can swap in
 * connect functions that add the address and the family, for that synchronous call only: no
 * other connection of the process ever sees them.
 */
export function connectFrom(client: object, localAddress: string): void {
  const c = client as { _connect(): void };
  const connect = c._connect;
  const family = net.isIP(localAddress);
  c._connect = function (this: unknown) {
    const [plain, plainTls] = [sockets.connect, tlsSockets.connect];
    sockets.connect = (port, host) => plain({ port, host, localAddress, family });
    tlsSockets.connect = (port, host, options) => plainTls(port, host, { ...(options as object), localAddress, family });
    try {
      connect.call(this);
    } finally {
      sockets.connect = plain;
      tlsSockets.connect = plainTls;
    }
  };
}
