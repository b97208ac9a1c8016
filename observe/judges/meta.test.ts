import { describe, expect, it } from 'vitest';
import { metaJudge } from './meta.js';
import { observed, verdictsOf } from './testing/exchange-builder.js';

const root = { name: 'cpf', version: '2.5.0' };
const health = { status: 'ok', api: 'cpf', version: '2.5.0', timestamp: '2026-11-28T10:00:00+01:00' };

describe('meta judge', () => {
  it('passes conforming public reads and OPTIONS, each judged once', () => {
    const o = observed([metaJudge], [
      { path: '/', status: 200, responseBody: { ...root, links: [] } },
      { path: '/health', status: 200, responseBody: health },
      { method: 'OPTIONS', path: '/reports/abcdefghi', status: 204 },
    ]);
    expect(verdictsOf(o, ['META-1', 'META-2', 'META-3', 'META-4', 'META-5', 'META-6', 'META-7', 'META-9', 'META-10', 'META-11', 'META-14'])).toEqual({
      'META-1': 'pass 1/0', 'META-2': 'pass 1/0', 'META-3': 'pass 1/0', 'META-4': 'pass 1/0', 'META-5': 'pass 1/0', 'META-6': 'pass 1/0', 'META-7': 'pass 1/0',
      'META-9': 'pass 1/0', 'META-10': 'pass 1/0', 'META-11': 'pass 1/0', 'META-14': 'pass 2/0',
    });
  });

  it('fails what the answers break, and leaves 429 and 5xx answers unjudged', () => {
    const o = observed([metaJudge], [
      { path: '/', status: 200, responseBody: { name: 'cpf', version: '2.4.0' } },
      { path: '/health', status: 200, responseBody: { status: 'ok', api: 'cpf', version: '2.5.0', timestamp: 'yesterday' } },
      { method: 'OPTIONS', path: '/reports', status: 200, responseHeaders: { 'Access-Control-Allow-Origin': '*' }, responseBody: 'ok' },
      { path: '/health', status: 503, responseBody: { status: 503 } },
    ]);
    expect(verdictsOf(o, ['META-1', 'META-3', 'META-4', 'META-5', 'META-6', 'META-9', 'META-11', 'META-12'])).toEqual({
      'META-1': 'pass 1/0', 'META-3': 'fail 1/1', 'META-4': 'pass 1/0', 'META-5': 'pass 1/0', 'META-6': 'fail 1/1', 'META-9': 'fail 1/1', 'META-11': 'fail 1/1', 'META-12': 'fail 3/1',
    });
    expect(o.rules['META-6']?.failures[0]?.exchanges[0]?.curl).toContain("curl -i -X GET 'https://api.example.test/api/v2/health'");
  });

  it('charges a missing timestamp to the shape alone, content of any OPTIONS answer, and a redirect out of the prefix', () => {
    const { timestamp: _left, ...withoutTimestamp } = health;
    const o = observed([metaJudge], [
      { path: '/health', status: 200, responseBody: withoutTimestamp },
      { method: 'OPTIONS', path: '/', status: 200, responseBody: { allow: ['GET'] } },
      { path: '/', status: 308, responseHeaders: { Location: '/api/v2.5/' } },
      { path: '/reports', token: 't1-abcdefgh', status: 308, responseHeaders: { Location: '/api/v2/reports/' } },
    ]);
    expect(verdictsOf(o, ['META-5', 'META-6', 'META-9', 'META-10', 'META-14'])).toEqual({
      'META-5': 'fail 1/1', 'META-6': 'not-observed 0/0', 'META-9': 'fail 1/1', 'META-10': 'fail 1/1', 'META-14': 'fail 4/1',
    });
  });

  it('leaves the media type of a handed-out picture link under /api/v2 to the links\' own rules', () => {
    const o = observed([metaJudge], [
      { path: '/reports/abcdefghi/pictures', token: 't1-abcdefgh', status: 200, responseBody: { pictures: [{ id: 'p1', url: '/api/v2/files/pictures/p1?sig=abc', type: 'photo', roomName: 'Bad' }] } },
      { path: '/files/pictures/p1?sig=abc', status: 200, responseHeaders: { 'Content-Type': 'image/png' }, responseBody: 'PNG' },
      { path: '/reports/abcdefghi/pdf', token: 't1-abcdefgh', status: 200, responseHeaders: { 'Content-Type': 'application/pdf' }, responseBody: '%PDF' },
    ]);
    expect(verdictsOf(o, ['META-12'])).toEqual({ 'META-12': 'fail 2/1' });
    expect(o.rules['META-12']?.failures[0]?.message).toContain('application/pdf');
  });

  it('judges the scheme of requests and handed-out links, waiving loopback', () => {
    const o = observed([metaJudge], [
      { path: 'http://127.0.0.1:8080/api/v2/health', status: 200, responseBody: health },
      { path: '/reports/abcdefghi/pdf', token: 't1-abcdefgh', status: 200, responseBody: { linkToDocument: 'http://site.example.test/d/1', file: { url: 'https://site.example.test/f/1' } } },
    ]);
    expect(verdictsOf(o, ['META-13'])).toEqual({ 'META-13': 'fail 1/1' });
    expect(o.rules['META-13']?.failures[0]?.message).toBe('plain http: http://site.example.test');
  });

  it('reads each link\'s own host, however much of it the link before shares, and parses a link whose text does not show it', () => {
    const pdf = (link: string) => ({ path: '/reports/abcdefghi/pdf', token: 't1-abcdefgh', status: 200, responseBody: { linkToDocument: link } });
    const o = observed([metaJudge], [
      pdf('http://localhost:8080/d/1'),
      pdf('http://localhost.example.test/d/2'),
      pdf('http://localhost:8080/d/3'),
      pdf('HTTP://Site.Example.test/d/4'),
      pdf('https://site.example.test/d/5'),
    ]);
    expect(verdictsOf(o, ['META-13'])).toEqual({ 'META-13': 'fail 5/2' });
    expect(o.rules['META-13']?.failures.map((f) => f.message)).toEqual(['plain http: http://localhost.example.test', 'plain http: http://site.example.test']);
  });

  it('reads each request URL\'s own host, however much of it the one before shares', () => {
    const o = observed([metaJudge], [
      { path: 'http://localhost/api/v2/health', status: 200, responseBody: health },
      { path: 'http://localhost.example.test/api/v2/health', status: 200, responseBody: health },
      { path: 'http://localhost:8080/api/v2/health', status: 200, responseBody: health },
      { path: 'http://localhost@site.example.test/api/v2/health', status: 200, responseBody: health },
    ]);
    expect(verdictsOf(o, ['META-13'])).toEqual({ 'META-13': 'fail 2/2' });
    expect(o.rules['META-13']?.failures.map((f) => f.message)).toEqual(['plain http: http://localhost.example.test', 'plain http: http://site.example.test']);
  });
});
