import { describe, expect, it } from 'vitest';
import { RepeatedAnswers } from './repeated-answers.js';

/** Answers whose parses are counted. */
function counting(maxUrls: number, maxChars: number): { answers: RepeatedAnswers<unknown>; parses: () => number } {
  let parses = 0;
  const answers = new RepeatedAnswers<unknown>(
    (text) => {
      parses++;
      return JSON.parse(text) as unknown;
    },
    maxUrls,
    maxChars,
  );
  return { answers, parses: () => parses };
}

describe('RepeatedAnswers', () => {
  it("shares an answer with the URL's next exchange that got the same text with the same status to the same method, and parses it once; any other answer is made anew", () => {
    const { answers, parses } = counting(10, 1000);
    const first = answers.answer(200, 'GET', '/a', '{"n":1}');
    expect(first.body).toEqual({ n: 1 });
    const again = answers.answer(200, 'GET', '/a', '{"n":1}');
    expect(again).toBe(first);
    expect(again.body).toBe(first.body);
    expect(answers.answer(200, 'GET', '/b', '{"n":1}')).not.toBe(first);
    expect(answers.answer(201, 'GET', '/a', '{"n":1}')).not.toBe(first);
    const back = answers.answer(200, 'GET', '/a', '{"n":1}');
    expect(answers.answer(200, 'HEAD', '/a', '{"n":1}')).not.toBe(back);
    const changed = answers.answer(200, 'GET', '/a', '{"n":2}');
    expect(changed.body).toEqual({ n: 2 });
    // The URL's last answer is the one remembered.
    expect(answers.answer(200, 'GET', '/a', '{"n":1}')).not.toBe(back);
    // Parsed only where read: the first answer, once, and the changed one.
    expect(parses()).toBe(2);
  });

  it('forgets the least recently answered URLs beyond its count of them or of characters, and keeps no text longer than all it may hold', () => {
    const byLines = counting(2, 1000).answers;
    const a = byLines.answer(200, 'GET', 'a', '1');
    byLines.answer(200, 'GET', 'b', '2');
    expect(byLines.answer(200, 'GET', 'a', '1')).toBe(a);
    byLines.answer(200, 'GET', 'c', '3');
    // b was answered least recently.
    expect(byLines.answer(200, 'GET', 'a', '1')).toBe(a);
    const b = byLines.answer(200, 'GET', 'b', '2');
    expect(byLines.answer(200, 'GET', 'b', '2')).toBe(b);

    const byChars = counting(10, 6).answers;
    const long = byChars.answer(200, 'GET', 'x', '"abcd"');
    byChars.answer(200, 'GET', 'y', '"ef"');
    expect(byChars.answer(200, 'GET', 'x', '"abcd"')).not.toBe(long);
    const tooLong = byChars.answer(200, 'GET', 'z', '"abcdefgh"');
    expect(byChars.answer(200, 'GET', 'z', '"abcdefgh"')).not.toBe(tooLong);
  });
});
