import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Log } from '../log.js';
import { summarizedLog } from './summarized-log.js';

export interface BacklogLimits {
  /** Requests of one connection received and not yet answered in full; one more closes the connection. 0 = no cap. */
  maxPipelinedRequests: number;
  /** Bytes of answers of one connection not yet taken by the OS; beyond, its next request waits until they are. 0 = no cap. */
  maxUnsentBytes: number;
}

interface Backlog {
  unfinished: Set<ServerResponse>;
  /** Requests held back until the connection's answers have gone out, in order of arrival. */
  waiting: (() => void)[];
  releaseScheduled: boolean;
}

/**
 * Node hands every pipelined request of a connection to the app at once and keeps the answers
 * queued in memory until the client reads the earlier ones: 200 pipelined requests for the API
 * description are 25 MB held per connection of a client that never reads. Here a connection may
 * have `maxPipelinedRequests` unanswered requests (no client of the kit pipelines at all), and a
 * request is handed to the app only while the connection's unsent answers stay within
 * `maxUnsentBytes`; the rest wait for the client to read (and a client that never does is closed
 * by the stalled-send bound). A request pipelined behind another waits at least until Node's
 * parser has gone through what arrived with it, so a burst beyond the cap closes the connection
 * before any of the burst but the first is served: reconnecting and pipelining again buys an
 * attacker one answer, not sixteen.
 *
 * Returns the gate every request passes: `handle` runs now, later, or never (connection closed).
 */
export function boundConnectionBacklog(limits: BacklogLimits, log: Log): (req: IncomingMessage, res: ServerResponse, handle: () => void) => void {
  const backlogs = new WeakMap<Socket, Backlog>();
  const closed = summarizedLog(log, 1000, (n) => `pipelining: closed ${n} connection(s) with more than ${limits.maxPipelinedRequests} requests unanswered`);

  const unsent = (socket: Socket, backlog: Backlog) => {
    let bytes = socket.writableLength;
    // A queued answer's writableLength is its own buffered bytes; the current one's adds the socket's.
    for (const res of backlog.unfinished) bytes += res.socket === null ? res.writableLength : res.writableLength - socket.writableLength;
    return bytes;
  };
  const withinBytes = (socket: Socket, backlog: Backlog) => limits.maxUnsentBytes <= 0 || unsent(socket, backlog) <= limits.maxUnsentBytes;
  const release = (socket: Socket, backlog: Backlog) => {
    while (backlog.waiting.length > 0 && !socket.destroyed && withinBytes(socket, backlog)) backlog.waiting.shift()?.();
    if (socket.destroyed) backlog.waiting.length = 0;
  };

  const releaseSoon = (socket: Socket, backlog: Backlog) => {
    if (backlog.releaseScheduled) return;
    backlog.releaseScheduled = true;
    setImmediate(() => {
      backlog.releaseScheduled = false;
      release(socket, backlog);
    });
  };

  return (req, res, handle) => {
    const socket = req.socket as Socket;
    let backlog = backlogs.get(socket);
    if (backlog === undefined) {
      const created: Backlog = { unfinished: new Set(), waiting: [], releaseScheduled: false };
      socket.on('drain', () => release(socket, created));
      backlogs.set(socket, created);
      backlog = created;
    }
    const own = backlog;
    own.unfinished.add(res);
    const finished = () => {
      if (own.unfinished.delete(res)) release(socket, own);
    };
    // Node hands the next queued answer to the socket on 'finish' before this runs.
    res.once('finish', finished);
    res.once('close', finished);
    if (socket.destroyed) return;
    if (limits.maxPipelinedRequests > 0 && own.unfinished.size > limits.maxPipelinedRequests) {
      own.waiting.length = 0;
      socket.destroy();
      closed();
      return;
    }
    if (own.unfinished.size === 1 && own.waiting.length === 0 && withinBytes(socket, own)) {
      handle();
      return;
    }
    own.waiting.push(handle);
    releaseSoon(socket, own);
  };
}
