import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../reference-server/src/openapi/document.js';
import { ALLOWED_DIFFERENCES } from './contract-allow-list.js';
import { compareWithContracts, describeDifference, judge, renderReport, type Difference } from './contract-compare.js';

const REPORT = 'reports/openapi-contract-diff.md';

const comparison = compareWithContracts(buildOpenApiDocument());
const verdict = judge(comparison.differences, ALLOWED_DIFFERENCES);

mkdirSync('reports', { recursive: true });
writeFileSync(REPORT, renderReport(comparison, verdict));

describe(`OpenAPI document vs. the suites' contract schemas (${REPORT})`, () => {
  it('covers every documented body with a contract schema, and every contract schema finds its body', () => {
    expect(comparison.uncovered).toEqual([]);
    expect(comparison.unmatched).toEqual([]);
  });

  it('differs only where the allow-list says why', () => {
    expect(verdict.unexpected.map(describeDifference)).toEqual([]);
  });

  it('has no stale allow-list entries', () => {
    expect(verdict.stale.map((allowance) => allowance.reason)).toEqual([]);
  });
});

describe('the comparison itself', () => {
  const documentWithRoot = (schema: object) => ({
    paths: { '/': { get: { responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Root' } } } } } } } },
    components: { schemas: { Root: schema } },
  });

  it('notices properties, required-ness, types and enums that differ, through $refs', () => {
    const { differences } = compareWithContracts(
      documentWithRoot({
        type: 'object',
        properties: { name: { type: 'integer' }, version: { type: 'string', const: '2.5.0' }, extra: { type: 'string' } },
        required: ['name', 'extra'],
      }),
    );
    expect(differences.map(describeDifference)).toEqual([
      'GET / 200 $.extra only-in-document: document required, contract -',
      'GET / 200 $.name type: document number, contract string',
      'GET / 200 $.version required: document optional, contract required',
      'GET / 200 $.version enum: document "2.5.0", contract any string',
    ]);
  });

  it('finds nothing where the document agrees with the contract', () => {
    const { differences } = compareWithContracts(
      documentWithRoot({ type: 'object', properties: { name: { type: 'string' }, version: { type: 'string' } }, required: ['name', 'version'] }),
    );
    expect(differences).toEqual([]);
  });

  it('allows by pattern and reports entries that explain nothing', () => {
    const difference: Difference = { operation: 'GET /x', part: '200', at: '$.a.b', kind: 'type', document: 'string', contract: 'number' };
    const used = { operation: 'GET *', part: '2*', at: '$.a.*', kind: 'type' as const, reason: 'used' };
    const unused = { operation: 'GET *', part: '200', at: '$.a.*', kind: 'type' as const, contract: 'null', reason: 'unused' };
    const verdict = judge([difference], [used, unused]);
    expect(verdict.allowed).toEqual([{ difference, allowance: used }]);
    expect(verdict.stale).toEqual([unused]);
    expect(judge([difference], [unused]).unexpected).toEqual([difference]);
  });
});
