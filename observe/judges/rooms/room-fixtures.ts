import { expectedFloorLabels } from '../../../spec/contract/rooms.js';
import type { ObservedExchange } from '../../exchange.js';
import type { JudgeFactory } from '../../judge/judge.js';
import { Observer, type Observation } from '../../judge/observer.js';
import { exchangeOf, type ExchangeSpec } from '../testing/exchange-builder.js';

/** Fixtures of the room judges' tests: a conforming room object, its answers and writes. */
export const KEY = 'abcdefghi';
export const TOKEN = 't1-rooms';

/** A conforming room object; labels follow `raumEtage` unless given. */
export function roomObject(id: string, data: Record<string, unknown> = {}, key = KEY) {
  const roomData: Record<string, unknown> = { raumBezeichnung: 'Wohnen', raumEtage: '1', raumFlaeche: '', raumHoehe: '2.5', raumTemperatur: 20, raumNotiz: '', raumBaujahr: '', ...data };
  const labels = expectedFloorLabels(String(roomData.raumEtage));
  return { id, projectKey: key, roomData: { raumEtageBezeichnung: labels.bezeichnung, raumEtageKuerzel: labels.kuerzel, ...roomData } };
}

type Extra = Partial<ExchangeSpec>;

export const createRoom = (roomData: Record<string, unknown>, status: number, answer?: unknown, extra: Extra = {}): ExchangeSpec => ({
  method: 'POST',
  path: `/reports/${KEY}/rooms`,
  token: TOKEN,
  requestBody: { roomData },
  status,
  ...(answer !== undefined && { responseBody: answer }),
  ...extra,
});

export const patchRoom = (id: string, roomData: Record<string, unknown>, status: number, answer?: unknown, extra: Extra = {}): ExchangeSpec => ({
  method: 'PATCH',
  path: `/reports/${KEY}/rooms/${id}`,
  token: TOKEN,
  requestBody: { roomData },
  status,
  ...(answer !== undefined && { responseBody: answer }),
  ...extra,
});

export const readRoom = (id: string, status: number, answer?: unknown, extra: Extra = {}): ExchangeSpec => ({
  path: `/reports/${KEY}/rooms/${id}`,
  token: TOKEN,
  status,
  ...(answer !== undefined && { responseBody: answer }),
  ...extra,
});

export const listRooms = (rooms: unknown[], extra: Extra = {}): ExchangeSpec => ({ path: `/reports/${KEY}/rooms`, token: TOKEN, status: 200, responseBody: { rooms }, ...extra });

export const error = (status: number, type: string) => ({ status, error: 'Fehler', details: { type } });

/** The observation of built exchanges, each changed first by `edit` (say, to drop a body a recorder left out). */
export function observedEdited(factories: readonly JudgeFactory[], specs: readonly ExchangeSpec[], edit: (exchange: ObservedExchange, index: number) => void): Observation {
  const observer = new Observer(factories);
  specs.forEach((spec, i) => {
    const exchange = exchangeOf(spec, i);
    edit(exchange, i);
    observer.see(exchange);
  });
  return observer.verdicts(true);
}
