import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Clock } from '../clock.js';
import type { Log } from '../log.js';
import { summarizedLog } from './summarized-log.js';

interface Sending {
  unfinished: number;
  /** Bytes the OS has taken from the connection so far. */
  sent: number;
  progressAt: number;
}

/** Bytes whose write has completed: `bytesWritten` counts what is still queued as well. */
const sentBytes = (socket: Socket) => (socket.bytesWritten ?? 0) - socket.writableLength;

/**
 * Closes a connection whose answer has bytes waiting and none of them was taken for `stallMs`: a
 * client that stops reading. Node has no such bound; once the kernel's buffers are full the
 * answer, the requests pipelined behind it and the connection itself stay for good, and a few
 * thousand of them hold the connection cap and gigabytes of kernel memory. An answer the server
 * is still working on has no bytes waiting, so a slow job is never taken for a stalled client.
 * Only connections with an unfinished answer are looked at, every quarter of the bound.
 */
export function closeStalledSends(server: Server, stallMs: number, clock: Clock, log: Log): void {
  if (stallMs <= 0) return;
  const sending = new Map<Socket, Sending>();
  const closed = summarizedLog(log, 1000, (n) => `stalled answers: closed ${n} connection(s) whose answer had no byte taken for ${stallMs} ms (clients that stopped reading)`);

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket as Socket;
    let entry = sending.get(socket);
    if (entry === undefined) {
      entry = { unfinished: 0, sent: sentBytes(socket), progressAt: clock.monotonicMs() };
      sending.set(socket, entry);
    }
    entry.unfinished += 1;
    const counted = entry;
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      counted.unfinished -= 1;
      if (counted.unfinished === 0 && sending.get(socket) === counted) sending.delete(socket);
    };
    res.once('finish', finished);
    res.once('close', finished);
  });

  const sweep = () => {
    const now = clock.monotonicMs();
    for (const [socket, entry] of sending) {
      if (socket.destroyed) {
        sending.delete(socket);
        continue;
      }
      const sent = sentBytes(socket);
      if (socket.writableLength === 0 || sent !== entry.sent) {
        entry.sent = sent;
        entry.progressAt = now;
      } else if (now - entry.progressAt >= stallMs) {
        sending.delete(socket);
        socket.destroy();
        closed();
      }
    }
  };
  const timer = setInterval(sweep, Math.min(1000, Math.max(25, Math.floor(stallMs / 4))));
  timer.unref();
  server.once('close', () => clearInterval(timer));
}
