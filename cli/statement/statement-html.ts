import { isKnownRule, getRule } from '../../spec/rules/catalog.js';
import type { Statement } from './statement-schema.js';

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const VERDICT_ORDER = ['fail', 'broken', 'inconclusive', 'skip', 'pass', 'not-selected'] as const;

function observed(o: NonNullable<Statement['predicate']['cpfConformance']['observation']>): string {
  const period = o.from && o.to ? `from ${esc(o.from)} to ${esc(o.to)}` : 'no exchange under the API';
  const sources = o.mode === 'proxy' ? `through the recording proxy in front of ${esc(o.sources.join(', '))}` : `recorded in ${esc(o.sources.join(', '))}`;
  const declared = o.oneTokenPerCustomer ? ' Declared by the observer: every customer used one token, so the rate limit was judged per token.' : '';
  return `Observed, not tested: the kit sent no request. ${o.exchanges} exchanges of ${o.customers} customers ${sources}, ${period}.${declared} A rule passes where the traffic held exchanges that judge it and none broke it.`;
}

/** One printable page of the statement: the target, the verdicts per area and rule, what did not run, how to verify. */
export function statementHtml(statement: Statement, signer: string): string {
  const c = statement.predicate.cpfConformance;
  const rules = Object.entries(c.rules);
  const areaOf = (id: string) => id.replace(/-\d+$/, '');
  const areas = [...new Set(rules.map(([id]) => areaOf(id)))];
  const areaRows = areas.map((area) => {
    const mine = rules.filter(([id]) => areaOf(id) === area);
    const cells = VERDICT_ORDER.map((v) => `<td>${mine.filter(([, r]) => r.verdict === v).length}</td>`).join('');
    return `<tr><th>${esc(area)}</th>${cells}</tr>`;
  });
  // The statement lists rules in catalogue order; each row gives the sentence judged and what it was judged on.
  const sentence = (id: string) => (isKnownRule(id) ? getRule(id).text : '(not in this kit\'s catalogue)');
  // The exploration's lanes each add their count of comparisons: a few of them tell the kind, the total the weight.
  const judgedOn = (r: (typeof rules)[number][1]) => {
    if (!r.evidence) return '';
    const shown = r.evidence.length > 4 ? [...r.evidence.slice(0, 3), `and ${r.evidence.length - 3} more`] : r.evidence;
    return `${shown.join('; ')}${r.items !== undefined ? ` (${r.items} ${r.items === 1 ? 'item' : 'items'} in all)` : ''}`;
  };
  const ruleRows = rules.map(
    ([id, r]) =>
      `<tr class="${r.verdict}"><th>${esc(id)}</th><td>${esc(sentence(id))}</td><td>${r.verdict}</td><td>${r.checks.length}</td><td>${esc(judgedOn(r))}</td><td>${esc(r.reason ?? '')}</td></tr>`,
  );
  const notRun = rules.filter(([, r]) => r.verdict === 'skip' || r.verdict === 'inconclusive' || r.verdict === 'not-selected');
  const notSelected = notRun.filter(([, r]) => r.verdict === 'not-selected').map(([id]) => id);
  const skipped = notRun.filter(([, r]) => r.verdict !== 'not-selected').map(([id, r]) => `<li><b>${esc(id)}</b> (${r.verdict}): ${esc(r.reason ?? '')}</li>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Conformance statement: ${esc(c.target.baseUrl)}</title>
<style>body{font:14px/1.4 sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #999;padding:2px 6px;text-align:left}
.fail{background:#fdd}.broken,.inconclusive{background:#ffd}.pass{background:#dfd}code{background:#eee;padding:1px 3px}</style></head>
<body>
<h1>Conformance statement: ${statement.predicate.result}</h1>
<p>Target <code>${esc(c.target.baseUrl)}</code>, read at ${esc(c.target.at)}; kit ${esc(c.kit.name)} ${esc(c.kit.version)}${c.kit.commit ? ` (${esc(c.kit.commit)})` : ''}; spec ${esc(c.catalogues.specVersion)}; ${esc(signer)}.</p>
<p>${c.observation ? observed(c.observation) : `Checks: ${c.counts.passed} passed, ${c.counts.failed} failed, ${c.counts.broken} broken, ${c.counts.skipped} skipped; wall time ${c.wallSeconds.toFixed(1)} s, pacing floor ${c.floorSeconds.toFixed(1)} s.`}</p>
<h2>Verdicts per area (rules)</h2>
<table><tr><th>area</th>${VERDICT_ORDER.map((v) => `<th>${v}</th>`).join('')}</tr>${areaRows.join('')}</table>
<h2>Not run, and why</h2>
<ul>${skipped.join('') || '<li>every selected rule was judged</li>'}</ul>
<p>Not selected by this run (${notSelected.length}): ${esc(notSelected.join(', ') || 'none')}</p>
<h2>Verdicts per rule</h2>
<table><tr><th>rule</th><th>sentence</th><th>verdict</th><th>checks</th><th>judged on</th><th>reason</th></tr>${ruleRows.join('')}</table>
<h2>How to verify</h2>
<p>With the kit of the version above, in the folder holding this page and its reports:<br><code>npm run conformance -- verify DIR --key PUBLIC_KEY.pem</code> (without <code>--key</code> the signature is not checked). It checks the signature, every file's digest, and that each verdict follows from the checks' result files.</p>
</body></html>
`;
}
