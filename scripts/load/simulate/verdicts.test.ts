import { describe, expect, it } from 'vitest';
import { exitCode, verdictLine, type Verdict } from './verdicts.js';

const v = (name: string, ok: boolean, kind: Verdict['kind'] = 'target'): Verdict => ({ name, ok, detail: '', kind });

describe('exit code and verdict line', () => {
  it('a proven failure exits 1 although another verdict was left undecided, which is listed apart', () => {
    const verdicts = [v('no false refusals', false), v("flood's effect on the others", false, 'load-side'), v('error rate', true)];
    expect(exitCode(verdicts)).toBe(1);
    expect(verdictLine(verdicts)).toBe("FAIL (missed: no false refusals); undecided (INVALID, the load was not delivered as planned or gave too few samples): flood's effect on the others");
  });

  it('undecided without a failure exits 3, all met exits 0', () => {
    expect(exitCode([v('no false refusals', true), v('load side kept up', false, 'load-side')])).toBe(3);
    expect(verdictLine([v('load side kept up', false, 'load-side')])).toMatch(/^INVALID; undecided .*: load side kept up$/);
    expect(exitCode([v('no false refusals', true), v('load side kept up', true, 'load-side')])).toBe(0);
    expect(verdictLine([v('error rate', true)])).toBe('PASS');
  });
});
