import { describe, expect, it } from 'vitest';
import { isoUtcInstantMs, webhookPayloadSchema, webhookTimestampSchema } from './webhook.js';

describe('generatedAt: "ISO 8601 UTC timestamp"', () => {
  const instant = Date.UTC(2025, 0, 31, 9, 15, 0);
  it.each(['2025-01-31T09:15:00Z', '2025-01-31T09:15:00+00:00', '2025-01-31T09:15:00.000Z', '2025-01-31T09:15Z', '20250131T091500Z', '20250131T091500,000Z', '20250131T091500+0000'])(
    'takes %s',
    (value) => {
      expect(webhookTimestampSchema.safeParse(value).success).toBe(true);
      expect(isoUtcInstantMs(value)).toBe(instant);
    },
  );

  it.each(['2025-01-31T09:15:00+02:00', '2025-01-31 09:15:00Z', '2025-02-30T09:15:00Z', '2025-01-31T09:15:00', '1738314900'])('refuses %s', (value) => {
    expect(webhookTimestampSchema.safeParse(value).success).toBe(false);
  });
});

describe('the payload is open', () => {
  it('takes members beside the table in the payload and in the document', () => {
    const payload = {
      event: 'webhookservice',
      eventType: 'pdf.generated',
      eventId: 'evt_1',
      authenticate: 's3cr3t',
      projektKey: 'abcdefghi',
      projectKey: 'abcdefghi',
      generatedAt: '2025-01-31T09:15:00Z',
      document: { id: 7, type: 'heatpump-check', name: 'a.pdf', size: 1, url: 'https://x.example/a', viewerUrl: 'https://x.example/v', temporary: false, pageCount: 2 },
      apiVersion: '2.5.0',
    };
    expect(webhookPayloadSchema.safeParse(payload).success).toBe(true);
  });
});
