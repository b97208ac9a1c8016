import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Receiver mode (`--webhook-receiver PORT`): a real HTTP receiver for the `pdf.generated`
 * deliveries of a foreign target, started by the CLI for the whole run.
 *
 * - The public side listens on PORT (all interfaces, so a tunnel or port forward can reach it; the
 *   operator configures its public URL as webhook target in the target's pro area and copies it
 *   into `webhook.receiverPublicUrl`). It records every request (any method, any path) and answers
 *   200 `{"received": true}`, as any 2xx counts as delivered. A GET answers 200 too, so
 *   `doctor` can see that the URL reaches it.
 * - The control side listens on a free loopback port only and is handed to the vitest workers in
 *   CPF_WEBHOOK_RECEIVER_URL: `GET /deliveries?since=<epoch ms>` lists what arrived. The recorded
 *   deliveries hold the `authenticate` value, so they are never served on the public port.
 */
export interface RecordedDelivery {
  /** Epoch milliseconds when the request had been read completely. */
  receivedAt: number;
  method: string;
  /** Path and query as the receiver saw them. */
  path: string;
  /** Header names lower-cased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The body as UTF-8 text (cut at MAX_BODY_BYTES). */
  body: string;
  remoteAddress: string | undefined;
}

export interface WebhookReceiver {
  /** Where the public side listens, e.g. http://0.0.0.0:8099 */
  publicAddress: string;
  /** Base URL of the loopback control side (for CPF_WEBHOOK_RECEIVER_URL). */
  controlUrl: string;
  deliveries(): RecordedDelivery[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if (size < MAX_BODY_BYTES) chunks.push(chunk.subarray(0, MAX_BODY_BYTES - size));
    size += chunk.length;
  }
  return Buffer.concat(chunks).toString('utf8');
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server.address() as AddressInfo);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startWebhookReceiver(options: { port: number; host?: string; log?: (line: string) => void }): Promise<WebhookReceiver> {
  const recorded: RecordedDelivery[] = [];
  const log = options.log ?? (() => {});

  const publicSide = createServer((req: IncomingMessage, res: ServerResponse) => {
    readBody(req)
      .then((body) => {
        const delivery: RecordedDelivery = {
          receivedAt: Date.now(),
          method: req.method ?? '',
          path: req.url ?? '',
          headers: headersOf(req),
          body,
          remoteAddress: req.socket.remoteAddress,
        };
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          recorded.push(delivery);
          log(`webhook receiver: ${delivery.method} ${delivery.path} (${Buffer.byteLength(body)} bytes, X-Service-Delivery ${delivery.headers['x-service-delivery'] ?? '-'})`);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received: req.method !== 'GET' && req.method !== 'HEAD' }));
      })
      .catch(() => res.writeHead(400).end());
  });

  const controlSide = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    if (req.method !== 'GET' || url.pathname !== '/deliveries') {
      res.writeHead(404).end();
      return;
    }
    const since = Number(url.searchParams.get('since') ?? 0);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(recorded.filter((d) => d.receivedAt >= since)));
  });

  const host = options.host ?? '0.0.0.0';
  const publicAddress = await listen(publicSide, options.port, host);
  let control: AddressInfo;
  try {
    control = await listen(controlSide, 0, '127.0.0.1');
  } catch (err) {
    await close(publicSide);
    throw err;
  }
  return {
    publicAddress: `http://${host.includes(':') ? `[${host}]` : host}:${publicAddress.port}`,
    controlUrl: `http://127.0.0.1:${control.port}`,
    deliveries: () => structuredClone(recorded),
    close: async () => {
      await Promise.all([close(publicSide), close(controlSide)]);
    },
  };
}
