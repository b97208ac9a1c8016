import { describe, expect, it } from 'vitest';
import type { ObservedExchange } from '../../observe/exchange.js';
import { RecordingCopies } from './recording-copies.js';

const BASE = 'http://127.0.0.1:8080/api/v2';

function exchange(startedAt: number, url: string, answer: string, customer = 'customer:0123456789abcdef'): ObservedExchange {
  return {
    source: 'test',
    index: 0,
    startedAt,
    durationMs: 10,
    customer,
    request: { method: 'GET', url, httpVersion: 'HTTP/1.1', headers: [{ name: 'Authorization', value: `Bearer ${customer}` }] },
    response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', headers: [{ name: 'Content-Type', value: 'application/json' }], mimeType: 'application/json', bodySize: answer.length, bodyText: answer },
  };
}

const created = exchange(1000, `${BASE}/reports/with-data`, '{"projektHeader":{"key":"abcdefghi","link":"http://127.0.0.1:8080/report/abcdefghi"}}');
const pictures = exchange(2000, `${BASE}/reports/ABCDEFGHI/pictures`, '{"pictures":[{"url":"/files/pictures/p0123456789abcdef?sig=x","id":7,"roomName":"Wohnzimmer"}]}');
const pdf = exchange(3000, `${BASE}/reports/abcdefghi/pdf`, '{"file":{"url":"http://127.0.0.1:8080/documents/heizlastbericht-abcdefghi-20261130T193034.pdf"}}');

describe('RecordingCopies', () => {
  const copies = new RecordingCopies([created, pictures, pdf]);

  it('gives the recording itself as its first copy', () => {
    expect([copies.exchange(0), copies.exchange(1), copies.exchange(2)]).toEqual([created, pictures, pdf]);
  });

  it('gives each further copy customers, project keys and pictures of its own, later than the copy before', () => {
    const again = copies.exchange(3);
    const key = /"key":"([a-z]{9})"/.exec(again.response.bodyText ?? '')?.[1] as string;
    expect(key).not.toBe('abcdefghi');
    expect(again.response.bodyText).toBe(`{"projektHeader":{"key":"${key}","link":"http://127.0.0.1:8080/report/${key}"}}`);
    expect(again.customer).toMatch(/^customer:[0-9a-f]{16}$/);
    expect(again.customer).not.toBe(created.customer);
    expect(again.request.headers).toEqual([{ name: 'Authorization', value: `Bearer ${again.customer}` }]);
    expect(again.startedAt).toBeGreaterThan(pdf.startedAt + pdf.durationMs);

    // The same key asked for in upper case stays the same project's; the pdf's file is the copy's own.
    expect(copies.exchange(4).request.url).toBe(`${BASE}/reports/${key.toUpperCase()}/pictures`);
    expect(copies.exchange(5).response.bodyText).toBe(`{"file":{"url":"http://127.0.0.1:8080/documents/heizlastbericht-${key}-20261130T193034.pdf"}}`);
    const picture = /pictures\/(p[0-9a-f]{16})\?/.exec(copies.exchange(4).response.bodyText ?? '')?.[1];
    expect(picture).toMatch(/^p[0-9a-f]{16}$/);
    expect(picture).not.toBe('p0123456789abcdef');

    // A word of nine letters that is no key of the recording stays as it is.
    expect(copies.exchange(4).response.bodyText).toContain('"roomName":"Wohnzimmer"');
  });

  it('names alike within a copy and otherwise in the next', () => {
    const keyOf = (i: number) => /reports\/([A-Za-z]{9})\//.exec(copies.exchange(i).request.url)?.[1]?.toLowerCase();
    expect(keyOf(4)).toBe(keyOf(5));
    expect(keyOf(7)).not.toBe(keyOf(4));
    expect(copies.exchange(6).customer).not.toBe(copies.exchange(3).customer);
  });
});
