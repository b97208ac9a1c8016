import { availableImpliesCalculated, resultsEnvelopeSchema, resultsMembersSchema } from '../../../spec/contract/results.js';
import type { Judge } from '../../judge/judge.js';
import { answeredOnItsMerits } from '../answer-kinds.js';
import { bodyKnown, firstIssue, isEmptyObject, isResultsRead, projectKeyOf, RESULTS_ROW, shown, successfulResults } from './results-read.js';
import { isPlainObject } from '../../json-value.js';
import { namedMembersOnly, PARSED } from '../named-members.js';

/**
 * An answer that reads as this reads as both: one parse of the many conforming answers judges RES-2
 * and RES-4. Only its verdict is read, so its objects need not copy the members they do not name.
 */
const wholeEnvelope = namedMembersOnly(resultsEnvelopeSchema.extend({ results: resultsMembersSchema }));

/** The status and envelope of results answers, the members of `results` and the compatibility structure beside it (RES-1 to RES-5, RES-33). */
export function resultsEnvelopeJudge(): Judge {
  return {
    rules: ['RES-1', 'RES-2', 'RES-3', 'RES-4', 'RES-5', 'RES-33'],
    // The results answers; a 429 answers on no merit of the call.
    reads: { endpoints: [RESULTS_ROW] },
    see(x, ledger) {
      if (!isResultsRead(x) || !answeredOnItsMerits(x) || !bodyKnown(x)) return;
      const json = x.responseJson;
      if (isEmptyObject(json)) return;
      // "HTTP 200, results response": an answer that carries calculated results is the success.
      if (isPlainObject(json) && isPlainObject(json.results) && json.results.available === true) {
        ledger.judge('RES-1', x, x.status === 200, () => `a results answer carrying calculated results has HTTP status ${x.status}, not 200`);
      }
      const body = successfulResults(x);
      const whole = x.status === 200 && wholeEnvelope.safeParse(json).success;
      if (x.status === 200) {
        // "`{status: 200, action: getResults, project: {key}, results, projekt}`" (FREE-RES-1: further members).
        const envelope = whole ? PARSED : resultsEnvelopeSchema.safeParse(json);
        ledger.judge('RES-2', x, envelope.success, () => `the 200 results answer is not {status: 200, action: "getResults", project: {key}, results, projekt}: ${envelope.error ? firstIssue(envelope.error) : ''}`);
      }
      if (!body) return;
      // Only the key is read on the way to it: RES-2 judges the rest of `project`.
      const answered = isPlainObject(body.project) ? body.project.key : undefined;
      const key = projectKeyOf(x);
      if (typeof answered === 'string' && key !== undefined) {
        // The key asked for, in whatever case the route took it.
        ledger.judge('RES-3', x, answered.toLowerCase() === key, () => `project.key ${shown(answered)} is not the requested key ${x.params.projectKey}`);
      }
      const results = body.results;
      if (isPlainObject(results)) {
        const members = whole ? PARSED : resultsMembersSchema.safeParse(results);
        ledger.judge('RES-4', x, members.success, () => `results lacks a member or has one of the wrong type: ${members.error ? firstIssue(members.error) : ''}`);
        if (results.available === true && typeof results.status === 'string') {
          // "`status` (string, value `calculated` when available)"
          ledger.judge('RES-5', x, availableImpliesCalculated({ available: true, status: results.status }), () => `results.available is true but results.status is ${shown(results.status)}, not "calculated"`);
        }
        if (isPlainObject(results.floorHeatingBalance) && isPlainObject(body.projekt)) {
          // "`projekt.abgleichFBH` stays in the results response next to `results.floorHeatingBalance`"
          ledger.judge('RES-33', x, Array.isArray(body.projekt.abgleichFBH), () => 'results.floorHeatingBalance is there, but projekt.abgleichFBH (an array) is not beside it');
        }
      }
    },
  };
}
