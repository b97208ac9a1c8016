import { Agent, request } from 'undici';

/** Talks to the pacer in the main process; a dedicated agent keeps these calls off the target's pool. */
const agent = new Agent({ keepAliveTimeout: 60_000, connections: 64 });

/** The run was interrupted (Ctrl-C): the check stops here; it is reported as interrupted, not as broken. */
export class RunInterrupted extends Error {
  override name = 'RunInterrupted';
}

export async function pacerCall<T = unknown>(pacerUrl: string, path: string, body: unknown): Promise<T> {
  const res = await request(`${pacerUrl}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
    dispatcher: agent,
  });
  if (res.statusCode === 503) {
    await res.body.dump();
    throw new RunInterrupted('the run was interrupted before this check finished');
  }
  if (res.statusCode !== 200) throw new Error(`pacer ${path} answered ${res.statusCode}: ${await res.body.text()}`);
  return (await res.body.json()) as T;
}
