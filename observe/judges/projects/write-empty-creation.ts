/** POST /reports: "body omitted or `{}` (no properties allowed)". */
import type { Judge } from '../../judge/judge.js';
import { answeredOnItsInput } from '../answer-kinds.js';
import { shown } from './field-table.js';
import { writeBodyOf } from './write-body.js';
import { answered, refusedAsValidation, succeeded } from './write-outcome.js';
import { CREATION_ROW } from './project-rows.js';

/** The answers that refuse a body for what it is (malformed, wrong type, invalid). */
const INPUT_REFUSALS = [400, 415, 422];

export function emptyCreationJudge(): Judge {
  return {
    rules: ['PROJ-76', 'PROJ-77', 'PROJ-78'],
    // The bodies of POST /reports, answered on their input.
    reads: { endpoints: [CREATION_ROW] },
    see(x, ledger) {
      if (x.endpoint?.id !== CREATION_ROW || !answeredOnItsInput(x)) return;
      const body = writeBodyOf(x);
      if (body.kind === 'none') {
        // An omitted body is no write body: it needs no Content-Type either.
        if (succeeded(x) || INPUT_REFUSALS.includes(x.status)) ledger.judge('PROJ-76', x, succeeded(x), () => `POST /reports without a body ${answered(x)}: an omitted body is allowed`);
        return;
      }
      if (body.kind !== 'json' || body.value === null || typeof body.value !== 'object' || Array.isArray(body.value)) return;
      const names = Object.keys(body.value);
      if (names.length === 0) {
        // A 400, 413 or 415 to a {} is the error table's (a size limit or a parser the body rules judge).
        if (succeeded(x) || x.status === 422) ledger.judge('PROJ-77', x, succeeded(x), () => `POST /reports with the body {} ${answered(x)}: {} is allowed`);
      } else {
        // "no properties allowed"
        ledger.judge('PROJ-78', x, refusedAsValidation(x), () => `POST /reports with the property ${shown(names[0])} ${answered(x)}, not 422 validation`);
      }
    },
  };
}
