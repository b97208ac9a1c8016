import { describe, expect, it } from 'vitest';
import { parseTokensFile, TokensFileError } from './tokens.js';

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
});
