import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { at, creation, detail, health, KEY, roomCreation, settledBy, TOKEN } from './sequence-testing.js';
import { statusTransitionJudge } from './status-transitions.js';

const RULES = ['STAT-2', 'STAT-3', 'STAT-5', 'STAT-6', 'STAT-13'];
const roomChange = (s: number, answer = 200) => ({ method: 'PATCH', path: `/reports/${KEY}/rooms/r1`, token: TOKEN, at: at(s), status: answer, requestBody: { roomData: { raumNotiz: 'neu' } }, responseBody: { room: {} } });
const roomList = (s: number) => ({ path: `/reports/${KEY}/rooms`, token: TOKEN, at: at(s), status: 200, responseBody: { rooms: [] } });

describe('status transition judge', () => {
  it('settles a judgement at an exchange it does not read, once the recording has passed it', () => {
    const specs = [creation(0), detail(1, { status: 1 })];
    expect(settledBy(statusTransitionJudge, specs, ['STAT-2'])).toEqual({ 'STAT-2': 'not-observed 0/0' });
    expect(settledBy(statusTransitionJudge, [...specs, health(10)], ['STAT-2'])).toEqual({ 'STAT-2': 'pass 1/0' });
  });

  it('passes the transitions of the status table', () => {
    const o = observed([statusTransitionJudge], [
      creation(0),
      roomList(1),
      detail(2, { status: 1 }),
      roomCreation(3, 422),
      detail(4, { status: 1 }),
      roomCreation(5),
      roomCreation(6),
      detail(7, { status: 2 }),
      roomChange(8),
      detail(9, { status: 2 }),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'STAT-2': 'pass 1/0', 'STAT-3': 'pass 1/0', 'STAT-5': 'not-observed 0/0', 'STAT-6': 'pass 1/0', 'STAT-13': 'pass 1/0' });
  });

  it('orders nothing within a second its recorder stamped without a fraction', () => {
    // Creation and room creation stamped alike, the room answered sooner: which came first the recording does not show, nor what the room did to the status.
    const whole = Date.parse('2026-11-28T12:00:00Z');
    const toTheSecond = { startUnitMs: 1000 };
    const sequence = [
      { ...creation(0), at: whole, durationMs: 40, ...toTheSecond },
      { ...roomCreation(0), at: whole, durationMs: 10, ...toTheSecond },
      { ...detail(0, { status: 2 }), at: whole + 2000, ...toTheSecond },
      { ...detail(0, { status: 2 }), at: whole + 4000, ...toTheSecond },
    ];
    expect(verdictsOf(observed([statusTransitionJudge], sequence), ['STAT-2', 'STAT-3'])).toEqual({ 'STAT-2': 'not-observed 0/0', 'STAT-3': 'not-observed 0/0' });
    // A creation's read with nothing but reads after it: stamped 2 s later, it may have been sent a second sooner, before the creation's answer a second later; 3 s later, it follows it for certain.
    const creationAndRead = (readAt: number) => [{ ...creation(0), at: whole, durationMs: 40, ...toTheSecond }, { ...detail(0, { status: 2 }), at: whole + readAt, ...toTheSecond }];
    expect(verdictsOf(observed([statusTransitionJudge], creationAndRead(2000)), ['STAT-2'])).toEqual({ 'STAT-2': 'not-observed 0/0' });
    expect(verdictsOf(observed([statusTransitionJudge], creationAndRead(3000)), ['STAT-2'])).toEqual({ 'STAT-2': 'fail 1/1' });
    // Stamped to the millisecond, a creation on a whole second is answered when its stamp and duration say: a room created 60 ms later comes after it.
    const toTheMillisecond = [{ ...creation(0), at: whole, durationMs: 40 }, { ...roomCreation(0), at: whole + 100, durationMs: 10 }, { ...detail(0, { status: 2 }), at: whole + 2000 }];
    expect(verdictsOf(observed([statusTransitionJudge], toTheMillisecond), ['STAT-2', 'STAT-3'])).toEqual({ 'STAT-2': 'not-observed 0/0', 'STAT-3': 'pass 1/0' });
    expect(verdictsOf(observed([statusTransitionJudge], toTheMillisecond.map((spec) => ({ ...spec, ...toTheSecond }))), ['STAT-2', 'STAT-3'])).toEqual({ 'STAT-2': 'not-observed 0/0', 'STAT-3': 'not-observed 0/0' });
  });

  it('keeps a final status through a room creation', () => {
    const o = observed([statusTransitionJudge], [detail(0, { status: 5 }), roomCreation(1), detail(2, { status: 5 }), roomCreation(3), detail(4, { status: 2 })]);
    expect(verdictsOf(o, ['STAT-5', 'STAT-3'])).toEqual({ 'STAT-5': 'fail 2/1', 'STAT-3': 'not-observed 0/0' });
  });

  it('fails what the table does not allow', () => {
    const o = observed([statusTransitionJudge], [
      creation(0),
      roomList(1),
      detail(2, { status: 2 }),
      roomCreation(3, 422),
      detail(4, { status: 1 }),
      roomCreation(5),
      detail(6, { status: 1 }),
      roomChange(7),
      detail(8, { status: 2 }),
    ]);
    expect(verdictsOf(o, RULES)).toEqual({ 'STAT-2': 'fail 1/1', 'STAT-3': 'fail 1/1', 'STAT-5': 'not-observed 0/0', 'STAT-6': 'fail 1/1', 'STAT-13': 'not-observed 0/0' });
  });

  it('leaves mixed, unknown, overlapping and distant operations unjudged', () => {
    const o = observed([statusTransitionJudge], [
      // a PDF may move the status (FREE-STAT-1)
      detail(0, { status: 2 }),
      { path: `/reports/${KEY}/pdf`, token: TOKEN, at: at(1), status: 200, responseBody: { linkToDocument: 'x' } },
      detail(2, { status: 3 }),
      // a room creation and a room change between two reads
      roomCreation(3),
      roomChange(4),
      detail(5, { status: 1 }),
      // a room creation overlapping the read after it
      { ...roomCreation(6), durationMs: 2000 },
      detail(7, { status: 1 }),
      // a room creation answered 503 may or may not have created the room
      roomCreation(10, 503),
      detail(11, { status: 2 }),
      // beyond the horizon
      roomCreation(12),
      detail(100, { status: 1 }),
      // another token's room creation counts too
      detail(101, { status: 1 }),
      roomChange(102),
      roomCreation(103, 201, 't2-other'),
      detail(104, { status: 2 }),
    ]);
    expect(verdictsOf(o, RULES)).toEqual(Object.fromEntries(RULES.map((r) => [r, 'not-observed 0/0'])));
  });
});
