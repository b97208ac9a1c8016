import { describe, expect, it } from 'vitest';
import { buildPdfGeneratedDelivery, type BuildPdfGeneratedArgs, type GeneratedDocument } from './payload.js';

const serviceDoc: GeneratedDocument = {
  id: 4711,
  type: 'service',
  name: 'heizlast-abcdefghi.pdf',
  size: 123456,
  url: 'https://site.example/documents/4711.pdf?sig=abc&exp=1',
  viewerUrl: 'https://site.example/viewer/4711?sig=abc&exp=1',
  temporary: false,
};

function args(overrides: Partial<BuildPdfGeneratedArgs> = {}): BuildPdfGeneratedArgs {
  return {
    projectKey: 'abcdefghi',
    document: serviceDoc,
    authenticate: 'receiver-secret',
    eventId: '6f1c3a7e-2b4d-4c1e-9a8b-0d2e4f6a8c0e',
    generatedAt: new Date('2026-03-04T05:06:07.089Z'),
    ...overrides,
  };
}

describe('pdf.generated payload', () => {
  it('service document: every field exact, nothing else', () => {
    const { payload, headers, body } = buildPdfGeneratedDelivery(args());
    expect(payload).toStrictEqual({
      event: 'webhookservice',
      eventType: 'pdf.generated',
      eventId: '6f1c3a7e-2b4d-4c1e-9a8b-0d2e4f6a8c0e',
      authenticate: 'receiver-secret',
      projektKey: 'abcdefghi',
      projectKey: 'abcdefghi',
      generatedAt: '2026-03-04T05:06:07.089Z',
      document: {
        id: 4711,
        type: 'service',
        name: 'heizlast-abcdefghi.pdf',
        size: 123456,
        url: 'https://site.example/documents/4711.pdf?sig=abc&exp=1',
        viewerUrl: 'https://site.example/viewer/4711?sig=abc&exp=1',
        temporary: false,
      },
    });
    expect(headers).toStrictEqual({
      'Content-Type': 'application/json',
      'X-Service-Event': 'pdf.generated',
      'X-Service-Delivery': '6f1c3a7e-2b4d-4c1e-9a8b-0d2e4f6a8c0e',
    });
    expect(JSON.parse(body)).toStrictEqual(payload);
  });

  it('eventId equals the X-Service-Delivery header', () => {
    const { payload, headers } = buildPdfGeneratedDelivery(args({ eventId: 'e-42' }));
    expect(payload.eventId).toBe('e-42');
    expect(headers['X-Service-Delivery']).toBe(payload.eventId);
  });

  it('heat-pump check: event webhookcheck, type heatpump-check', () => {
    const { payload } = buildPdfGeneratedDelivery(args({ document: { ...serviceDoc, type: 'heatpump-check' } }));
    expect(payload.event).toBe('webhookcheck');
    expect(payload.document.type).toBe('heatpump-check');
  });

  it('temporary documents carry id 0 and temporary true', () => {
    const { payload } = buildPdfGeneratedDelivery(args({ document: { ...serviceDoc, id: 99, temporary: true } }));
    expect(payload.document).toMatchObject({ id: 0, temporary: true });
  });

  it.each(['', 'with spaces and "quotes"', 'ümlaut-ß-€', '  padded  ', 'a\\b/c?d=e&f'])('authenticate %j is passed unchanged', (value) => {
    const { payload, body } = buildPdfGeneratedDelivery(args({ authenticate: value }));
    expect(payload.authenticate).toBe(value);
    expect(JSON.parse(body).authenticate).toBe(value);
  });

  it('generatedAt is ISO 8601 in UTC whatever the local zone', () => {
    const { payload } = buildPdfGeneratedDelivery(args({ generatedAt: new Date(Date.UTC(2026, 11, 31, 23, 59, 59, 0)) }));
    expect(payload.generatedAt).toBe('2026-12-31T23:59:59.000Z');
    expect(payload.generatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it.each<[string, Partial<BuildPdfGeneratedArgs>]>([
    ['relative url', { document: { ...serviceDoc, url: '/documents/1.pdf' } }],
    ['relative viewerUrl', { document: { ...serviceDoc, viewerUrl: 'viewer/1' } }],
    ['non-http url', { document: { ...serviceDoc, url: 'javascript:alert(1)' } }],
    ['stored document without id', { document: { ...serviceDoc, id: 0 } }],
    ['fractional size', { document: { ...serviceDoc, size: 1.5 } }],
    ['unknown type', { document: { ...serviceDoc, type: 'invoice' as never } }],
    ['empty project key', { projectKey: '' }],
    ['invalid date', { generatedAt: new Date(Number.NaN) }],
  ])('refuses %s', (_name, overrides) => {
    expect(() => buildPdfGeneratedDelivery(args(overrides))).toThrow(TypeError);
  });
});
