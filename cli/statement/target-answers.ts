import { request } from 'undici';
import { readPastGateway } from '../../harness-core/lost-reads.js';
import { sha256Hex } from './dsse.js';

/** What the target's public endpoints answered: JSON when the body parses, else the text. */
export interface TargetAnswers {
  root: unknown;
  health: unknown;
  at: string;
}

/**
 * One public read each of GET / and GET /health (no token, so no customer's rate limit is spent),
 * sent again while a gateway answers in the target's place; a target that does not answer within
 * 5 s is noted as such, the statement still written.
 */
export async function readTargetAnswers(baseUrl: string): Promise<TargetAnswers> {
  const read = async (path: string): Promise<unknown> => {
    try {
      const answer = await readPastGateway(async () => {
        const res = await request(`${baseUrl}${path}`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
        return { status: res.statusCode, text: await res.body.text() };
      });
      return parsedBody(answer.text);
    } catch (err) {
      return `(no answer: ${(err as Error).message})`;
    }
  };
  const at = new Date().toISOString();
  return { root: await read('/'), health: await read('/health'), at };
}

function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The answer as the digest covers it: the text as it came, a JSON body in its compact form. */
const bodyText = (answer: unknown): string => (typeof answer === 'string' ? answer : JSON.stringify(answer));

/** The subject's digest: base URL, GET / body and GET /health body joined by newlines. */
export function targetDigest(baseUrl: string, root: unknown, health: unknown): string {
  return sha256Hex([baseUrl, bodyText(root), bodyText(health)].join('\n'));
}
