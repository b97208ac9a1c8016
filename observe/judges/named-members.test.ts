import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { abgleichFBHEntrySchema, floorHeatingGroupSchema, resultsEnvelopeSchema, resultsMembersSchema } from '../../spec/contract/results.js';
import { namedMembersOnly } from './named-members.js';
import { group, resultsAnswer } from './results/results-fixture.js';

const envelope = resultsEnvelopeSchema.extend({ results: resultsMembersSchema });
const groups = z.array(floorHeatingGroupSchema);
const entries = z.array(abgleichFBHEntrySchema);

/** What a parse tells of its input: the verdict and the issues, with neither the input nor the schema they carry. */
const told = (result: z.ZodSafeParseResult<unknown>) => ({ success: result.success, issues: result.error?.issues.map(({ code, path, message }) => ({ code, path, message })) });

describe('namedMembersOnly', () => {
  const answer = resultsAnswer('abcdefghi');
  const inputs = [
    answer,
    { ...answer, extra: { deep: [1, 2] } },
    { ...answer, results: { ...answer.results, summary: [] } },
    { ...answer, results: { ...answer.results, radiators: {} } },
    { ...answer, project: { key: 'abc', more: 1 } },
    { ...answer, results: 'none' },
    [answer],
    null,
  ];

  it('accepts and rejects as the schema does, with the same issues', () => {
    for (const input of inputs) expect(told(namedMembersOnly(envelope).safeParse(input))).toEqual(told(envelope.safeParse(input)));
    const badRoom = { ...group(10), rooms: [{ ...group(10).rooms[0], setting: { value: 'x', unit: 'l/min', note: 1 } }] };
    for (const input of [[group(10), group(7)], [{ ...group(5), more: true }], [badRoom], [{}], {}, [{ spread: 5, rooms: 'x' }]]) {
      expect(told(namedMembersOnly(groups).safeParse(input))).toEqual(told(groups.safeParse(input)));
    }
    for (const input of [answer.projekt.abgleichFBH, [{ spreizung: '10,5', summeVolumenstrom: 1, raeume: [{ raumBezeichnung: 'Bad', heizlast: 'x', durchfluss: 1, more: 2 }] }]]) {
      expect(told(namedMembersOnly(entries).safeParse(input))).toEqual(told(entries.safeParse(input)));
    }
  });

  it('leaves out the members the schema does not name', () => {
    const parsed = namedMembersOnly(z.array(z.looseObject({ a: z.number(), b: z.looseObject({}) }))).parse([{ a: 1, b: { c: 2 }, d: 3 }]);
    expect(parsed).toEqual([{ a: 1, b: {} }]);
  });
});
