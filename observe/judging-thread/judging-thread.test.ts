import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ObservedExchange } from '../exchange.js';
import { readExchangeLog } from '../exchange-log/read-exchange-log.js';
import { readHar } from '../har/read-har.js';
import { Observer } from '../judge/observer.js';
import { JUDGES } from '../judges/index.js';
import { exchangeOf } from '../judges/testing/exchange-builder.js';
import { startJudgingThread } from './judging-thread.js';

const HAR = new URL('../har/testdata/chromium-api-session.har', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'cpf-judging-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function traffic(): Promise<ObservedExchange[]> {
  const exchanges: ObservedExchange[] = [];
  for await (const x of readHar([HAR]).exchanges) exchanges.push(x);
  // A picture's bytes: a structured clone hands them over as a plain Uint8Array.
  const picture = exchangeOf({ path: '/reports/K1/pictures/1', status: 200, token: 't' });
  const more = [
    exchangeOf({ method: 'POST', path: '/reports', status: 400, token: 't', requestBody: '{"name":', responseBody: { error: { code: 'VALIDATION_ERROR', message: 'Ungültiges JSON' } } }),
    exchangeOf({ path: '/reports', status: 401, responseBody: { error: { code: 'UNAUTHORIZED', message: 'Nicht angemeldet' } } }),
  ];
  const { bodyText: _none, ...answer } = picture.response;
  return [...exchanges, ...more, { ...picture, response: { ...answer, mimeType: 'image/png', bodySize: 4, bodyBinary: Buffer.from([0x89, 0x50, 0x4e, 0x47]), headers: [{ name: 'Content-Type', value: 'image/png' }] } }];
}

describe('the judging thread', () => {
  it('gives the verdicts the Observer gives on the same exchanges, and writes them to the log in order', async () => {
    const exchanges = await traffic();
    const inline = new Observer(JUDGES);
    const record = join(dir, 'judged.jsonl');
    const complaints: string[] = [];
    const thread = startJudgingThread({ record: { file: record, recordedBy: 'judging-thread.test' }, complain: (m) => complaints.push(m) });
    const half = Math.floor(exchanges.length / 2);
    for (const x of exchanges.slice(0, half)) {
      inline.see(structuredClone(x));
      thread.see(x);
    }
    expect(await thread.verdicts()).toEqual(inline.verdicts());
    for (const x of exchanges.slice(half)) {
      inline.see(structuredClone(x));
      thread.see(x);
    }
    const judged = await thread.verdicts(true);
    expect(judged).toEqual(inline.verdicts(true));
    expect(judged.exchanges).toBe(exchanges.length - 1);
    expect(thread.judged()).toBe(exchanges.length);
    await thread.close();
    expect(complaints).toEqual([]);
    const logged: ObservedExchange[] = [];
    for await (const x of readExchangeLog([record]).exchanges) logged.push(x);
    expect(logged.map((x) => x.request.url)).toEqual(exchanges.map((x) => x.request.url));
    expect(logged.at(-1)?.response.bodyBinary).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  it('rejects a question after it ended, saying so', async () => {
    const thread = startJudgingThread();
    await thread.close();
    await expect(thread.verdicts()).rejects.toThrow(/the judging thread ended/);
  });
});
