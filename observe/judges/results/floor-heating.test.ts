import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { floorHeatingJudge } from './floor-heating.js';
import { abgleichOf, group, resultsAnswer, type ResultsAnswer } from './results-fixture.js';

const RULES = ['RES-7', 'RES-8', 'RES-9', 'RES-10', 'RES-11', 'RES-12', 'RES-13', 'RES-14', 'RES-15', 'RES-16', 'RES-26'];
const token = 't-floor-heating';
const path = '/reports/abcdefghi/results';

/** A copy of the answer with `edit` applied to it. */
function edited(edit: (a: ResultsAnswer) => void): ResultsAnswer {
  const copy = structuredClone(resultsAnswer('abcdefghi'));
  edit(copy);
  return copy;
}

/** The group at `index` computed at another spread, the compatibility structure in step. */
function regrouped(a: ResultsAnswer, index: number, spread: number): void {
  a.results.floorHeatingBalance.groups[index] = group(spread);
  a.projekt.abgleichFBH = abgleichOf(a.results.floorHeatingBalance.groups);
}

const judged = (answers: readonly { query?: string; body: unknown }[]) =>
  verdictsOf(observed([floorHeatingJudge], answers.map((a) => ({ path: `${path}${a.query ?? ''}`, token, status: 200, responseBody: a.body }))), RULES);

describe('floor heating judge', () => {
  it('passes conforming answers with and without system temperatures', () => {
    expect(judged([{ body: resultsAnswer('abcdefghi') }, { query: '?flowTemperature=35&spread=5', body: resultsAnswer('abcdefghi', 35, 5) }])).toEqual({
      'RES-7': 'pass 1/0', 'RES-8': 'pass 2/0', 'RES-9': 'pass 2/0', 'RES-10': 'pass 2/0', 'RES-11': 'pass 2/0', 'RES-12': 'pass 2/0',
      'RES-13': 'pass 2/0', 'RES-14': 'pass 2/0', 'RES-15': 'pass 2/0', 'RES-16': 'pass 2/0', 'RES-26': 'pass 1/0',
    });
  });

  it('accepts the readings the freedoms allow: order, numeric text, coarse rounding, manifold steps, further members', () => {
    const variant = edited((a) => {
      a.results.floorHeatingBalance.groups.reverse().forEach((g) => g.rooms.reverse());
      for (const g of a.results.floorHeatingBalance.groups) {
        for (const r of g.rooms) {
          r.setting.value = Math.max(0.5, Math.round(r.setting.value / 0.5) * 0.5);
          Object.assign(r, { valve: 'HK-1' });
        }
      }
      a.projekt.abgleichFBH = a.results.floorHeatingBalance.groups
        .map((g) => ({ spreizung: String(g.spread), summeVolumenstrom: String(g.flowRateSum).replace('.', ','), raeume: g.rooms.map((r) => ({ raumBezeichnung: r.roomName, heizlast: String(r.heatingLoad).replace('.', ','), durchfluss: String(r.setting.value).replace('.', ',') })) }))
        .reverse() as unknown as ResultsAnswer['projekt']['abgleichFBH'];
    });
    const coarse = edited((a) => {
      for (const g of a.results.floorHeatingBalance.groups) {
        let exact = 0;
        for (const r of g.rooms) {
          const flow = r.heatingLoad / (1.163 * g.spread);
          exact += flow;
          r.heatingLoad = Math.round(r.heatingLoad);
          r.flowRate = Math.round(flow);
          r.flowLpm = Math.round((flow / 60) * 10) / 10;
        }
        g.flowRateSum = Math.round(exact);
      }
      a.projekt.abgleichFBH = abgleichOf(a.results.floorHeatingBalance.groups);
    });
    const verdicts = judged([{ body: variant }, { body: coarse }]);
    expect(Object.values(verdicts).every((v) => v.startsWith('pass') || v === 'not-observed 0/0')).toBe(true);
    expect(verdicts['RES-16']).toBe('pass 2/0');
  });

  it('pairs the raeume of many circuits with them in any order', () => {
    const many = (edit: (abgleich: ResultsAnswer['projekt']['abgleichFBH']) => void) =>
      edited((a) => {
        for (const g of a.results.floorHeatingBalance.groups) g.rooms = Array.from({ length: 40 }, (_, i) => g.rooms.map((r) => ({ ...r, surfaceId: `${r.surfaceId}-${i}`, heatingLoad: r.heatingLoad + i }))).flat();
        a.projekt.abgleichFBH = abgleichOf(a.results.floorHeatingBalance.groups).map((e) => ({ ...e, raeume: [...e.raeume].reverse() }));
        edit(a.projekt.abgleichFBH);
      });
    const verdicts = judged([
      { body: many(() => undefined) },
      { body: many((abgleich) => (abgleich[1]!.raeume[7]!.durchfluss += 0.5)) },
      { body: many((abgleich) => (abgleich[2]!.raeume[9]!.heizlast += 1)) },
    ]);
    expect([verdicts['RES-15'], verdicts['RES-16']]).toEqual(['fail 3/1', 'fail 3/1']);
  });

  it('fails each deviation under its own rule', () => {
    const answers = [
      { body: edited((a) => regrouped(a, 2, 4)) },
      { body: edited((a) => a.results.floorHeatingBalance.groups.forEach((g) => delete (g as Partial<typeof g>).flowRateUnit)) },
      {
        body: edited((a) => {
          a.results.floorHeatingBalance.groups.forEach((g) => (g.flowRateSum = g.rooms[0]!.flowRate));
          a.projekt.abgleichFBH = abgleichOf(a.results.floorHeatingBalance.groups);
        }),
      },
      { body: edited((a) => a.results.floorHeatingBalance.groups.forEach((g) => g.rooms.forEach((r) => (r.setting.unit = 'l/h')))) },
      // Flows for c = 1.0 instead of 1.163, everything else consistent with them.
      {
        body: edited((a) => {
          for (const g of a.results.floorHeatingBalance.groups) {
            for (const r of g.rooms) {
              r.flowRate = Math.round((r.heatingLoad / g.spread) * 10) / 10;
              r.flowLpm = r.setting.value = Math.round((r.flowRate / 60) * 100) / 100;
            }
            g.flowRateSum = Math.round(g.rooms.reduce((sum, r) => sum + r.flowRate, 0) * 10) / 10;
          }
          a.projekt.abgleichFBH = abgleichOf(a.results.floorHeatingBalance.groups);
        }),
      },
      { body: edited((a) => a.results.floorHeatingBalance.groups.forEach((g) => g.rooms.forEach((r) => (r.spread = 10)))) },
      { body: edited((a) => a.results.floorHeatingBalance.groups.forEach((g) => g.rooms.forEach((r) => (r.flowLpm = Math.round((r.flowRate / 100) * 100) / 100)))) },
      { body: edited((a) => a.projekt.abgleichFBH.forEach((e) => Object.assign(e, { volumenstrom: e.summeVolumenstrom, summeVolumenstrom: undefined }))) },
      { body: edited((a) => (a.projekt.abgleichFBH[0]!.summeVolumenstrom += 1)) },
      { body: edited((a) => a.projekt.abgleichFBH.forEach((e) => e.raeume.forEach((r) => (r.heizlast = Math.ceil((r.heizlast + 1) / 10) * 10)))) },
      { body: edited((a) => a.projekt.abgleichFBH.forEach((e) => e.raeume.forEach((r) => (r.durchfluss += 0.5)))) },
      { query: '?flowTemperature=45&spread=7', body: edited((a) => regrouped(a, 0, 7)) },
    ];
    const verdicts = judged(answers);
    // The unit of the setting and the physics of a circuit are both RES-10's.
    for (const rule of RULES) expect(verdicts[rule], rule).toMatch(rule === 'RES-10' ? /^fail \d+\/2$/ : /^fail \d+\/1$/);
  });

  it('leaves answers without calculated results, 429 and 5xx unjudged, and circuit rules without circuits', () => {
    const empty = edited((a) => {
      a.results.floorHeatingBalance.groups.forEach((g) => ((g.rooms = []), (g.flowRateSum = 0)));
      a.projekt.abgleichFBH.forEach((e) => ((e.raeume = []), (e.summeVolumenstrom = 0)));
    });
    const o = observed([floorHeatingJudge], [
      { path, token, status: 200, responseBody: { ...empty, results: { ...empty.results, available: false } } },
      { path, token, status: 429, responseBody: { status: 429, error: 'Zu viele', details: { type: 'rate_limit' } } },
      { path, token, status: 500, responseBody: resultsAnswer('abcdefghi') },
      { path, token, status: 200, responseBody: empty },
    ]);
    expect(verdictsOf(o, RULES)).toEqual({
      'RES-7': 'pass 1/0', 'RES-8': 'pass 1/0', 'RES-9': 'not-observed 0/0', 'RES-10': 'not-observed 0/0', 'RES-11': 'not-observed 0/0', 'RES-12': 'not-observed 0/0',
      'RES-13': 'pass 1/0', 'RES-14': 'pass 1/0', 'RES-15': 'not-observed 0/0', 'RES-16': 'not-observed 0/0', 'RES-26': 'not-observed 0/0',
    });
  });
});
