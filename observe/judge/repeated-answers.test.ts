import { describe, expect, it } from 'vitest';
import { Answer, RepeatedAnswers } from './repeated-answers.js';

/** An answer whose parses are counted. */
function counting(): { make: (text: string) => () => Answer<unknown>; parses: () => number } {
  let parses = 0;
  return {
    make: (text) => () => new Answer(text, () => (parses++, JSON.parse(text) as unknown)),
    parses: () => parses,
  };
}

describe('RepeatedAnswers', () => {
  it("shares an answer with the line's next exchange that got the same text, and parses it once; another text is answered anew", () => {
    const answers = new RepeatedAnswers<unknown>(10, 1000);
    const { make, parses } = counting();
    const first = answers.answer(200, 'GET', '/a', '{"n":1}', make('{"n":1}'));
    expect(first.body).toEqual({ n: 1 });
    const again = answers.answer(200, 'GET', '/a', '{"n":1}', make('{"n":1}'));
    expect(again).toBe(first);
    expect(again.body).toBe(first.body);
    expect(answers.answer(200, 'GET', '/b', '{"n":1}', make('{"n":1}'))).not.toBe(first);
    expect(answers.answer(201, 'GET', '/a', '{"n":1}', make('{"n":1}'))).not.toBe(first);
    const back = answers.answer(200, 'GET', '/a', '{"n":1}', make('{"n":1}'));
    expect(answers.answer(200, 'HEAD', '/a', '{"n":1}', make('{"n":1}'))).not.toBe(back);
    const changed = answers.answer(200, 'GET', '/a', '{"n":2}', make('{"n":2}'));
    expect(changed.body).toEqual({ n: 2 });
    // The line's last answer is the one remembered.
    expect(answers.answer(200, 'GET', '/a', '{"n":1}', make('{"n":1}'))).not.toBe(back);
    // Parsed only where read: the first answer, once, and the changed one.
    expect(parses()).toBe(2);
  });

  it('forgets the least recently answered lines beyond its lines or its characters, and keeps no text longer than all it may hold', () => {
    const byLines = new RepeatedAnswers<unknown>(2, 1000);
    const { make } = counting();
    const a = byLines.answer(200, 'GET', 'a', '1', make('1'));
    byLines.answer(200, 'GET', 'b', '2', make('2'));
    expect(byLines.answer(200, 'GET', 'a', '1', make('1'))).toBe(a);
    byLines.answer(200, 'GET', 'c', '3', make('3'));
    // b was answered least recently.
    expect(byLines.answer(200, 'GET', 'a', '1', make('1'))).toBe(a);
    const b = byLines.answer(200, 'GET', 'b', '2', make('2'));
    expect(byLines.answer(200, 'GET', 'b', '2', make('2'))).toBe(b);

    const byChars = new RepeatedAnswers<unknown>(10, 6);
    const long = byChars.answer(200, 'GET', 'x', '"abcd"', make('"abcd"'));
    byChars.answer(200, 'GET', 'y', '"ef"', make('"ef"'));
    expect(byChars.answer(200, 'GET', 'x', '"abcd"', make('"abcd"'))).not.toBe(long);
    const tooLong = byChars.answer(200, 'GET', 'z', '"abcdefgh"', make('"abcdefgh"'));
    expect(byChars.answer(200, 'GET', 'z', '"abcdefgh"', make('"abcdefgh"'))).not.toBe(tooLong);
  });
});
