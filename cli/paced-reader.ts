import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { ATTEMPTS_FOR_A_READ, isGatewayAnswer } from '../harness-core/lost-reads.js';
import { createPacingWindow, type PacingWindow } from '../harness-core/pacing-window.js';
import { monotonicNow } from '../harness-core/monotonic-clock.js';

/**
 * The client of `doctor` and `init`: it can only GET. Each customer's requests go one after
 * another through a pacing window of the target's limit (2 per sliding second per customer), so
 * neither command ever meets the limiter by its own doing; different customers go in parallel, at
 * most a few requests in flight at once so a foreign target is not flooded.
 */
export interface Answer {
  status: number;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

export interface PacedReader {
  /** GET `path` (relative to the API base) as a customer; `customer` names its pacing lane, shared by all its tokens. */
  get(customer: string, token: string, path: string): Promise<Answer>;
  /** GET an absolute URL without a token (signed links, the webhook receiver); no customer's budget. */
  getUrl(url: string): Promise<Answer>;
}

/**
 * The pdf endpoint "generates and stores a document on every call" and its first success fires the
 * webhook: it is not a read, so the reader refuses it whatever a caller asks.
 */
export class PdfRefused extends Error {}

const PDF_PATH = /\/pdf\/?(?:[?#]|$)/;
const TIMEOUT_MS = 30_000;
/** The target's answer to a 429 is "Retry-After: 1"; another client may be using the customer. */
const RETRY_AFTER_MS = 1_100;
/** Attempts after the first: a read is sent `ATTEMPTS_FOR_A_READ` times in all, as the harness sends one. */
const RETRIES = ATTEMPTS_FOR_A_READ - 1;

interface Lane {
  window: PacingWindow;
  tail: Promise<unknown>;
}

export function createPacedReader(baseUrl: string, maxInFlight = 8): PacedReader {
  const lanes = new Map<string, Lane>();
  const slots = createSlots(maxInFlight);

  async function send(url: string, token?: string): Promise<Answer> {
    const res = await request(url, {
      headers: { accept: 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    });
    const text = await res.body.text();
    return { status: res.statusCode, text, json: parseJson(text) };
  }

  async function paced(lane: Lane, url: string, token: string): Promise<Answer> {
    // A wall clock set forward meanwhile would open the window early (harness-core/monotonic-clock.ts).
    for (let wait = lane.window.waitMs(monotonicNow()); wait > 0; wait = lane.window.waitMs(monotonicNow())) await sleep(wait);
    return slots.use(async () => {
      lane.window.grant();
      try {
        return await send(url, token);
      } finally {
        lane.window.complete(monotonicNow());
      }
    });
  }

  return {
    get(customer, token, path) {
      if (PDF_PATH.test(path)) return Promise.reject(new PdfRefused(`refused GET ${path}: the pdf endpoint writes a document and may fire the webhook`));
      let lane = lanes.get(customer);
      if (!lane) {
        lane = { window: createPacingWindow(), tail: Promise.resolve() };
        lanes.set(customer, lane);
      }
      const own = lane;
      const url = `${baseUrl.replace(/\/+$/, '')}${path}`;
      const run = own.tail.then(async () => {
        for (let attempt = 0; ; attempt++) {
          const answer = await paced(own, url, token);
          // A 429 (another client spent the budget) and a gateway's 502 or 504 (no answer of the target's, harness-core/lost-reads.ts) are asked again.
          if ((answer.status !== 429 && !isGatewayAnswer(answer.status)) || attempt === RETRIES) return answer;
          await sleep(RETRY_AFTER_MS);
        }
      });
      own.tail = run.catch(() => undefined);
      return run;
    },
    getUrl(url) {
      return slots.use(() => send(url));
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function createSlots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    async use<T>(work: () => Promise<T>): Promise<T> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      }
    },
  };
}
