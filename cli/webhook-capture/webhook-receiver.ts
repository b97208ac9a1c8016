import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listen, startControlServer } from './control-server.js';
import type { Answer, Delivery } from '../../harness-core/capture-protocol.js';
import { DeliveryLog } from './delivery-log.js';

/**
 * Receiver mode (`--webhook-receiver PORT`): a real HTTP receiver for the `pdf.generated`
 * deliveries of a target whose sender runs elsewhere, started by the CLI for the whole run.
 *
 * - The public side listens on PORT (all interfaces, so a tunnel or port forward can reach it; the
 *   operator configures its public URL as webhook target in the target's pro area and copies it
 *   into `webhook.receiverPublicUrl`). It records every request but GET/HEAD (which answer 200, so
 *   `doctor` can see that the URL reaches it) and answers as the checks told it for the project
 *   in the body (delivery-log.ts): 200 by default, or 500, 200 after a delay, a 302 to a location
 *   on this receiver (recorded apart), or a dropped connection.
 * - The control side (control-server.ts) listens on a free loopback port only and is handed to the
 *   vitest workers in CPF_WEBHOOK_RECEIVER_URL; it has no target control.
 */
export interface WebhookReceiver {
  /** Where the public side listens, e.g. http://0.0.0.0:8099 */
  publicAddress: string;
  /** Base URL of the loopback control side (for CPF_WEBHOOK_RECEIVER_URL). */
  controlUrl: string;
  deliveries(): Delivery[];
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 1024 * 1024;
/** The path segment of a redirect answer's location: on this receiver, so a sender that follows it is seen. */
export const REDIRECT_SEGMENT = 'cpf-redirected';

/**
 * Relative to the delivery's URL (`hook` -> `hook/cpf-redirected`), so behind a tunnel that
 * forwards only a path prefix the location still reaches this receiver.
 */
function redirectLocation(path: string): string {
  const last = path.split('?')[0]?.split('/').pop() ?? '';
  return last ? `${last}/${REDIRECT_SEGMENT}` : REDIRECT_SEGMENT;
}

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

function respond(res: ServerResponse, answer: Answer, path: string): void {
  const ok = () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
  switch (answer.kind) {
    case 'status':
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify({ received: true, status: answer.status }));
      return;
    case 'slow': {
      const timer = setTimeout(ok, answer.ms);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    case 'redirect':
      res.writeHead(302, { location: redirectLocation(path) }).end();
      return;
    case 'drop':
      res.socket?.destroy();
  }
}

export async function startWebhookReceiver(options: { port: number; host?: string; log?: (line: string) => void }): Promise<WebhookReceiver> {
  const deliveries = new DeliveryLog();
  const log = options.log ?? (() => {});

  const publicSide = createServer((req: IncomingMessage, res: ServerResponse) => {
    readBody(req)
      .then((body) => {
        if (req.method === 'GET' || req.method === 'HEAD') {
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":false}');
          return;
        }
        const path = req.url ?? '';
        const answer = deliveries.accept({
          method: req.method ?? '',
          host: req.headers.host ?? '',
          path,
          headers: headersOf(req),
          body,
          via: path.split('?')[0]?.split('/').includes(REDIRECT_SEGMENT) ? 'redirect' : 'target',
        });
        log(`webhook receiver: ${req.method} ${path} (${Buffer.byteLength(body)} bytes, X-Service-Delivery ${req.headers['x-service-delivery'] ?? '-'}), answered ${answer.kind}`);
        respond(res, answer, path);
      })
      .catch(() => res.writeHead(400).end());
  });

  const host = options.host ?? '0.0.0.0';
  const publicAddress = await listen(publicSide, options.port, host);
  const control = await startControlServer(deliveries, () => ({ kind: 'receiver', targetControl: false })).catch(async (err: unknown) => {
    await closeServer(publicSide);
    throw err;
  });
  return {
    publicAddress: `http://${host.includes(':') ? `[${host}]` : host}:${publicAddress.port}`,
    controlUrl: control.url,
    deliveries: () => structuredClone(deliveries.deliveries()),
    close: async () => {
      await Promise.all([closeServer(publicSide), control.close()]);
    },
  };
}
