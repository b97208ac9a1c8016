import { describe, expect, it } from 'vitest';
import { exitCode, verdictLabel, verdictLine, type Verdict } from './verdicts.js';

const v = (name: string, ok: boolean, kind: Verdict['kind'] = 'target'): Verdict => ({ name, ok, detail: '', kind });

describe('exit code and verdict line', () => {
  it('a proven failure exits 1 although other verdicts were left open, which are listed apart', () => {
    const verdicts = [v('no false refusals', false), v("flood's effect on the others", false, 'undecided'), v('load side kept up', false, 'load-side'), v('error rate', true)];
    expect(exitCode(verdicts)).toBe(1);
    expect(verdictLine(verdicts)).toBe(
      "FAIL (missed: no false refusals); INVALID (the load was not delivered as planned): load side kept up; UNDECIDED (the measurements leave it open): flood's effect on the others",
    );
  });

  it('an undecided or invalid verdict without a failure exits 3, all met exits 0', () => {
    expect(exitCode([v('no false refusals', true), v("flood's effect on the others", false, 'undecided')])).toBe(3);
    expect(verdictLine([v("flood's effect on the others", false, 'undecided')])).toBe("UNDECIDED (the measurements leave it open): flood's effect on the others");
    expect(exitCode([v('no false refusals', true), v('load side kept up', false, 'load-side')])).toBe(3);
    expect(verdictLine([v('load side kept up', false, 'load-side')])).toBe('INVALID (the load was not delivered as planned): load side kept up');
    expect(exitCode([v('no false refusals', true), v('load side kept up', true, 'load-side')])).toBe(0);
    expect(verdictLine([v('error rate', true)])).toBe('PASS');
  });

  it('labels each verdict as the console prints it', () => {
    expect([v('a', true), v('b', false), v('c', false, 'undecided'), v('d', false, 'load-side')].map(verdictLabel)).toEqual(['met', 'MISSED', 'UNDECIDED', 'INVALID']);
  });
});
