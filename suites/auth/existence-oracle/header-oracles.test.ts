import { describe, expect, it } from 'vitest';
import { headerLeaks, throttleLeak, unjudgedAnswer } from './header-oracles.js';
import type { ArmAnswer, Pair } from './pair.js';

let requestId = 0;
/** A 404 as the bundled server answers it, with a request id and a date that differ in every answer. */
const answer = (extra: Record<string, string> = {}, status = 404): ArmAnswer => ({
  status,
  headers: { 'content-type': 'application/json', 'x-request-id': String(++requestId), date: `Thu, 26 Nov 2026 10:00:${requestId % 60} GMT`, 'content-length': '74', ...extra },
  ms: 1,
});

const pair = (foreign: () => ArmAnswer, missing: () => ArmAnswer, index = 0): Pair => ({ index, customer: 'pool:0', foreignFirst: index % 2 === 0, foreign: [foreign(), foreign()], missing: [missing(), missing()] });
const pairs = (foreign: () => ArmAnswer, missing: () => ArmAnswer) => Array.from({ length: 24 }, (_, i) => pair(foreign, missing, i));

describe('header oracles', () => {
  it('finds nothing in answers that differ only where any two answers differ', () => {
    expect(headerLeaks(pairs(answer, answer))).toEqual([]);
  });

  it('finds a Content-Length, an ETag, a Vary and a Set-Cookie that tell the arms apart', () => {
    expect(headerLeaks(pairs(() => answer({ 'content-length': '75' }), answer))).toEqual([expect.stringMatching(/^content-length: "75" for the foreign resource, "74"/)]);
    expect(headerLeaks(pairs(() => answer({ etag: '"x"' }), answer)).map((l) => l.split(':')[0])).toEqual(['header names in order', 'etag present']);
    expect(headerLeaks(pairs(() => answer({ vary: 'Accept, Authorization' }), () => answer({ vary: 'Accept' }))).map((l) => l.split(':')[0])).toEqual(['vary']);
    expect(headerLeaks(pairs(() => answer({ 'set-cookie': 'a=1' }), answer)).map((l) => l.split(':')[0])).toEqual(['header names in order', 'set-cookie present']);
  });

  it('finds the same headers in another order', () => {
    const reordered = () => {
      const { 'content-type': type, ...rest } = answer().headers;
      return { status: 404, headers: { ...rest, 'content-type': type as string }, ms: 1 };
    };
    expect(headerLeaks(pairs(reordered, answer)).map((l) => l.split(':')[0])).toEqual(['header names in order']);
  });

  it('proves nothing from a value that both arms show at times', () => {
    let n = 0;
    const sometimes = () => answer(++n % 3 === 0 ? { 'content-length': '75' } : {});
    expect(headerLeaks(pairs(sometimes, sometimes))).toEqual([]);
  });

  it('leaves pairs with another status than 404 to the other oracles', () => {
    expect(headerLeaks([pair(() => answer({ 'retry-after': '1' }, 429), answer)])).toEqual([]);
  });
});

describe('429s', () => {
  it('are an oracle on one arm only, the customer\'s limit on both', () => {
    expect(throttleLeak(pairs(answer, answer))).toEqual({});
    expect(throttleLeak([pair(() => answer({}, 429), answer), ...pairs(answer, answer)]).leak).toMatch(/^429 to 2 of 50 requests for the foreign resource and to 0 of 50/);
    expect(throttleLeak([pair(() => answer({}, 429), () => answer({}, 429))]).both).toBeDefined();
  });
});

describe('answers no part of the rule judges', () => {
  it('names the arm and the status', () => {
    expect(unjudgedAnswer(pair(() => answer({}, 403), answer))).toEqual({ arm: 'foreign', status: 403 });
    expect(unjudgedAnswer(pair(answer, () => answer({}, 200)))).toEqual({ arm: 'missing', status: 200 });
    expect(unjudgedAnswer(pair(() => answer({}, 429), answer))).toBeUndefined();
  });
});
