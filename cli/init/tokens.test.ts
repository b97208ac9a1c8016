import { describe, expect, it } from 'vitest';
import { MAX_POOL_LINES, parseTokensFile, TokensFileError } from './tokens.js';

const problems = (text: string) => {
  try {
    parseTokensFile(text, 'tokens.txt');
  } catch (err) {
    if (err instanceof TokensFileError) return err.message.split('\n').slice(1);
    throw err;
  }
  throw new Error('no problem found');
};

describe('the tokens file of init', () => {
  it('reads one customer per line, further tokens of that customer on its line, pool lines repeated, comments and blank lines skipped', () => {
    const file = parseTokensFile(['# staging tokens', '', 'primary p1 p2', '  foreign f1  ', 'pool a1 a2', 'pool b1', 'webhook w1', '   # indented comment'].join('\n'), 'tokens.txt');
    expect(file).toEqual({
      roles: { primary: { line: 3, tokens: ['p1', 'p2'] }, foreign: { line: 4, tokens: ['f1'] } },
      pool: [
        { line: 5, tokens: ['a1', 'a2'] },
        { line: 6, tokens: ['b1'] },
      ],
      webhook: { line: 7, tokens: ['w1'] },
    });
  });

  it('names every malformed line with its number and the fix', () => {
    expect(problems(['primary p1', 'Foreign f1', 'locked', 'blocked Bearer b1', 'primary p2', 'education p1', 'noheatpumpright n1'].join('\n'))).toEqual([
      "  - line 2: unknown role 'Foreign'. Fix: one of primary, foreign, expiredUnlocked, locked, blocked, noHeatpumpRight, education, pool, webhook (did you mean foreign?), e.g. primary <token of the primary customer>",
      "  - line 3: 'locked' has no token. Fix: locked <token>, the token as the pro area showed it",
      '  - line 4: \'Bearer\' before the token. Fix: the bare token, without the "Bearer " prefix',
      "  - line 5: 'primary' is on line 1 already. Fix: put all tokens of one customer on one line (primary TOKEN1 TOKEN2); only pool lines repeat, one per customer",
      '  - line 6: a token that is on line 1 already. Fix: every role is a different customer with tokens of its own; give each token once',
      "  - line 7: unknown role 'noheatpumpright'. Fix: one of primary, foreign, expiredUnlocked, locked, blocked, noHeatpumpRight, education, pool, webhook (did you mean noHeatpumpRight?), e.g. primary <token of the primary customer>",
    ]);
  });

  it('needs the primary customer', () => {
    expect(problems('# nothing yet\nforeign f1\n')).toEqual(["  - no 'primary' line. Fix: add a line primary <token of the primary customer> (only the primary customer is required)"]);
  });

  it('ends a line at LF, CRLF and a lone CR alike, so no customer gets the next line\'s token', () => {
    const file = parseTokensFile('\ufeffprimary p1\rforeign f1\r\nlocked l1\npool a1\r', 'tokens.txt');
    expect(file.roles).toEqual({ primary: { line: 1, tokens: ['p1'] }, foreign: { line: 2, tokens: ['f1'] }, locked: { line: 3, tokens: ['l1'] } });
    expect(file.pool).toEqual([{ line: 4, tokens: ['a1'] }]);
  });

  it('never shows a whole token: an unknown word that is no misspelt role is shortened', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.s1gn4tur3';
    const found = problems(`primary p1\n${token}\nadmin a1`);
    expect(found).toEqual([
      "  - line 2: unknown role 'eyJ… (47 characters)' (a token without its role?). Fix: one of primary, foreign, expiredUnlocked, locked, blocked, noHeatpumpRight, education, pool, webhook, e.g. primary <token of the primary customer>",
      "  - line 3: unknown role 'admin'. Fix: one of primary, foreign, expiredUnlocked, locked, blocked, noHeatpumpRight, education, pool, webhook, e.g. primary <token of the primary customer>",
    ]);
    expect(found.join('\n')).not.toContain(token);
  });

  it('names a character an Authorization header cannot carry, with its line and column, and never echoes it', () => {
    const found = problems('primary p1\nforeign f\u001b[2Jx\nlocked l\u0000\nblocked b\u20ac');
    expect(found).toEqual([
      '  - line 2: character U+001B at column 10, which an Authorization header cannot carry. Fix: the token exactly as the pro area showed it (letters, digits and punctuation), one customer per line',
      '  - line 3: character U+0000 at column 9, which an Authorization header cannot carry. Fix: the token exactly as the pro area showed it (letters, digits and punctuation), one customer per line',
      '  - line 4: character U+20AC at column 10, which an Authorization header cannot carry. Fix: the token exactly as the pro area showed it (letters, digits and punctuation), one customer per line',
    ]);
  });

  it(`takes at most ${MAX_POOL_LINES} pool lines and lists at most 20 problems of a long file`, () => {
    const pool = Array.from({ length: MAX_POOL_LINES + 50 }, (_, i) => `pool t${i}`);
    expect(problems(['primary p1', ...pool].join('\n'))).toEqual([`  - line ${MAX_POOL_LINES + 2}: more than ${MAX_POOL_LINES} pool lines. Fix: the customers a test run needs (a few dozen bring a run to its limits' floor), at most ${MAX_POOL_LINES}`]);
    expect(parseTokensFile(['primary p1', ...pool.slice(0, MAX_POOL_LINES)].join('\n'), 'tokens.txt').pool).toHaveLength(MAX_POOL_LINES);
    const bad = problems(['primary p1', ...Array.from({ length: 10_000 }, (_, i) => `pol t${i}`)].join('\n'));
    expect(bad).toHaveLength(21);
    expect(bad[20]).toBe('  - and 9980 more problems');
  });
});
