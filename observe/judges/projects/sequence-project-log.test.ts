import { describe, expect, it } from 'vitest';
import { ExchangeView } from '../../judge/exchange-view.js';
import { exchangeOf, type ExchangeSpec } from '../testing/exchange-builder.js';
import { ProjectLog, ProjectOps } from './sequence-project-log.js';
import { at, KEY, patch, roomCreation, TOKEN } from './sequence-testing.js';

const view = (spec: ExchangeSpec, seq: number) => new ExchangeView(exchangeOf(spec, seq), seq);

describe('project log', () => {
  it('classifies what each request may have done to the project, and keeps no read', () => {
    const log = new ProjectLog();
    const specs: ExchangeSpec[] = [
      { path: `/reports/${KEY.toUpperCase()}/rooms`, token: TOKEN, at: at(0), status: 200, responseBody: { rooms: [] } },
      patch(1, { ort: 'Bonn' }),
      roomCreation(2),
      roomCreation(3, 422),
      roomCreation(4, 503),
      { path: `/reports/${KEY}/pdf`, token: TOKEN, at: at(5), status: 200, responseBody: {} },
      { method: 'DELETE', path: `/reports/${KEY}`, token: TOKEN, at: at(6), status: 404, responseBody: {} },
      { method: 'PATCH', path: `/reports/${KEY}`, token: TOKEN, at: at(7), status: 401, requestBody: { projectData: { ort: 'x' } }, responseBody: {} },
    ];
    const ops = specs.map((spec, i) => log.record(view(spec, i)));
    expect(ops.map((op) => op?.kind)).toEqual([undefined, 'project-write', 'room-created', 'room-refused', 'other', 'other', 'other', undefined]);
    expect(ops.every((op) => op === undefined || op.key === KEY)).toBe(true);
    expect(log.record(view({ path: '/reports', token: TOKEN, status: 200 }, 9))).toBeUndefined();
  });

  it('finds the writes of a field within an interval, all fields for a write of unknown content', () => {
    const log = new ProjectLog();
    log.record(view(patch(1, { ort: 'Bonn' }), 1));
    log.record(view({ method: 'PUT', path: `/reports/${KEY}`, token: TOKEN, at: at(10), status: 404, responseBody: {} }, 2));
    expect(log.fieldTouched(KEY, 'ort', at(0), at(2), [])).toBe(true);
    expect(log.fieldTouched(KEY, 'name', at(0), at(2), [])).toBe(false);
    expect(log.fieldTouched(KEY, 'ort', at(0), at(2), [1])).toBe(false);
    expect(log.fieldTouched(KEY, 'name', at(9), at(11), [])).toBe(true);
    expect(log.fieldTouched(KEY, 'ort', at(2), at(9), [])).toBe(false);
  });

  it('records an exchange once for the logs that share it, each reading only what it has recorded', () => {
    const ops = new ProjectOps();
    const first = new ProjectLog(ops);
    const second = new ProjectLog(ops);
    const write = view(patch(1, { ort: 'Bonn' }), 1);
    first.record(write);
    expect(first.fieldTouched(KEY, 'ort', at(0), at(2), [])).toBe(true);
    expect(second.fieldTouched(KEY, 'ort', at(0), at(2), [])).toBe(false);
    second.record(write);
    expect(second.between(KEY, at(0), at(2))).toHaveLength(1);
  });
});
