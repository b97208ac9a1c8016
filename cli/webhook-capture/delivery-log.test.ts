import { describe, expect, it } from 'vitest';
import { DeliveryLog } from './delivery-log.js';

const delivery = (key: string) => ({ method: 'POST', host: 'capture', path: '/hook', headers: {}, body: JSON.stringify({ projectKey: key }) });

describe('DeliveryLog', () => {
  it('uses an instruction up on the first delivery of its project only, and leaves other projects at 200', () => {
    const log = new DeliveryLog();
    log.answerNext('ABCDEFGHI', { kind: 'status', status: 500 });
    expect(log.accept(delivery('zyxwvutsr'))).toEqual({ kind: 'status', status: 200 });
    expect(log.accept(delivery('abcdefghi'))).toEqual({ kind: 'status', status: 500 });
    expect(log.accept(delivery('abcdefghi'))).toEqual({ kind: 'status', status: 200 });
    expect(log.deliveries({ key: 'abcdefghi' }).map((d) => d.answer)).toEqual([{ kind: 'status', status: 500 }, { kind: 'status', status: 200 }]);
  });

  it('settles once the expected delivery arrived and nothing followed for the quiet period', async () => {
    const log = new DeliveryLog();
    const started = Date.now();
    const settled = log.settled({ key: 'abcdefghi', expect: 1, waitMs: 5_000, quietMs: 150 });
    setTimeout(() => log.accept(delivery('abcdefghi')), 100);
    setTimeout(() => log.accept(delivery('abcdefghi')), 200);
    const seen = await settled;
    expect(seen).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(340);
  });

  it('counts a held slow answer as activity until it ends', async () => {
    const log = new DeliveryLog();
    log.answerNext('abcdefghi', { kind: 'slow', ms: 300 });
    log.accept(delivery('abcdefghi'));
    const started = Date.now();
    await log.settled({ key: 'abcdefghi', expect: 1, waitMs: 1_000, quietMs: 100 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('without expected deliveries waits the quiet period after the call', async () => {
    const log = new DeliveryLog();
    const started = Date.now();
    expect(await log.settled({ key: 'abcdefghi', expect: 0, waitMs: 0, quietMs: 120 })).toEqual([]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
  });
});
