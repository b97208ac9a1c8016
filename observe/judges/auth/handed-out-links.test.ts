import { describe, expect, it } from 'vitest';
import { observed, verdictsOf } from '../testing/exchange-builder.js';
import { authenticationJudge } from './authentication.js';
import { errorEnvelopeJudge } from './error-envelope.js';
import { unknownPathJudge } from './unknown-paths.js';

const token = 'tok-links-01';
const pictures = { pictures: [{ id: 'p1', url: '/api/v2/cached-files/pictures/p1?expires=1&sig=abc', type: 'room', roomName: 'Bad' }] };

describe('handed-out links', () => {
  it('are no requests of the API: a fetch of one under /api/v2 is judged by no endpoint or envelope rule', () => {
    const o = observed([authenticationJudge, unknownPathJudge, errorEnvelopeJudge], [
      { path: '/reports/abcdefghi/pictures', token, status: 200, responseBody: pictures },
      { path: '/cached-files/pictures/p1?expires=1&sig=abc', status: 200, responseBody: 'png', responseHeaders: { 'Content-Type': 'image/png' } },
      // An expired or altered signature on the same path: still the link's answer, not the API's.
      { path: '/cached-files/pictures/p1?expires=1&sig=xyz', status: 403, responseBody: 'expired' },
    ]);
    expect(verdictsOf(o, ['AUTH-1', 'ERR-9', 'ERR-12', 'ERR-1'])).toEqual({ 'AUTH-1': 'not-observed 0/0', 'ERR-9': 'not-observed 0/0', 'ERR-12': 'not-observed 0/0', 'ERR-1': 'not-observed 0/0' });
  });

  it('cover the area they lie in, where the table has no path', () => {
    const o = observed([authenticationJudge, unknownPathJudge], [
      { path: '/reports/abcdefghi/pictures', token, status: 200, responseBody: pictures },
      // Another file of the links' area: a link altered to probe its signature.
      { path: '/cached-files/documents/2/bericht.pdf?sig=abc', status: 200, responseBody: 'pdf', responseHeaders: { 'Content-Type': 'application/pdf' } },
      // Outside it, an answer of the API, not a file.
      { path: '/other-files/pictures/p2', status: 200, responseBody: { picture: 'p2' } },
      { path: '/reports/abc', token, status: 400, responseBody: { status: 400, error: 'Falsch', details: { type: 'validation' } } },
    ]);
    expect(verdictsOf(o, ['AUTH-1', 'ERR-12'])).toEqual({ 'AUTH-1': 'fail 1/1', 'ERR-12': 'fail 2/2' });
  });

  it('include a picture or document served at a path of no endpoint whose handing out the recording lacks (begun later, saved without bodies), but no other answer there', () => {
    const o = observed([authenticationJudge, unknownPathJudge, errorEnvelopeJudge], [
      { path: '/cached-files/pictures/p1?expires=1&sig=abc', status: 200, responseBody: 'png', responseHeaders: { 'Content-Type': 'image/png' } },
      { path: '/cached-files/documents/2/bericht.pdf?sig=abc', status: 200, responseBody: '%PDF-1.7', responseHeaders: { 'Content-Type': 'application/pdf' } },
      { path: '/cached-files/index.html', status: 200, responseBody: '<html></html>', responseHeaders: { 'Content-Type': 'text/html' } },
    ]);
    expect(verdictsOf(o, ['AUTH-1', 'ERR-9', 'ERR-12'])).toEqual({ 'AUTH-1': 'fail 1/1', 'ERR-9': 'fail 1/1', 'ERR-12': 'fail 1/1' });
  });

  it('never cover the paths of the table, even where a link lies among them', () => {
    const o = observed([authenticationJudge, unknownPathJudge], [
      { path: '/reports/abcdefghi/pictures', token, status: 200, responseBody: { pictures: [{ id: 'p1', url: '/api/v2/reports/p1?sig=abc' }] } },
      { path: '/reports/abc', token, status: 400, responseBody: { status: 400, error: 'Falsch', details: { type: 'validation' } } },
      { path: '/reports', status: 200, responseBody: { projekte: [] } },
    ]);
    expect(verdictsOf(o, ['AUTH-1', 'ERR-12'])).toEqual({ 'AUTH-1': 'fail 1/1', 'ERR-12': 'fail 1/1' });
  });
});
