import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

let receiver: WebhookReceiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function control(path: string, body: unknown): Promise<void> {
  const res = await request(`${receiver?.controlUrl}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(res.statusCode).toBe(200);
  await res.body.dump();
}

async function deliver(key: string, path = '/hooks/pdf'): Promise<number | string> {
  const url = receiver?.publicAddress.replace('0.0.0.0', '127.0.0.1');
  try {
    const res = await request(`${url}${path}`, { method: 'POST', body: JSON.stringify({ projectKey: key }), headers: { 'content-type': 'application/json' } });
    await res.body.dump();
    return res.statusCode === 302 ? `302 to ${res.headers.location}` : res.statusCode;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('webhook receiver', () => {
  it('answers a project as the control side says, once, and records redirected requests apart', async () => {
    receiver = await startWebhookReceiver({ port: 0, host: '127.0.0.1' });
    await control('/answers', { key: 'abcdefghi', answer: { kind: 'status', status: 500 } });
    await control('/answers', { key: 'bcdefghij', answer: { kind: 'redirect' } });
    await control('/answers', { key: 'cdefghijk', answer: { kind: 'drop' } });
    expect(await deliver('abcdefghi')).toBe(500);
    expect(await deliver('abcdefghi')).toBe(200);
    expect(await deliver('bcdefghij')).toBe('302 to pdf/cpf-redirected');
    expect(await deliver('bcdefghij', '/hooks/pdf/cpf-redirected')).toBe(200);
    expect(await deliver('cdefghijk')).toMatch(/socket|closed|reset/i);
    expect(receiver.deliveries().map((d) => `${d.via} ${d.path}`)).toEqual(['target /hooks/pdf', 'target /hooks/pdf', 'target /hooks/pdf', 'redirect /hooks/pdf/cpf-redirected', 'target /hooks/pdf']);
  });

  it('refuses an unknown answer kind on the control side', async () => {
    receiver = await startWebhookReceiver({ port: 0, host: '127.0.0.1' });
    const res = await request(`${receiver.controlUrl}/answers`, { method: 'POST', body: JSON.stringify({ key: 'abcdefghi', answer: { kind: 'teapot' } }) });
    expect(res.statusCode).toBe(400);
    expect(await res.body.text()).toMatch(/answer.kind must be one of status, slow, redirect, drop/);
  });
});
