import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { Customer } from './engine.js';
import type { InvalidTokenLimit } from './invalid-token-limit.js';

export interface LocalTargetRequest {
  customers: number;
  flooders: number;
  fault?: string | undefined;
  /** A bare node:http server instead of the reference server (the load side's ceiling). */
  bare?: boolean;
}

export interface LocalTarget {
  baseUrl: string;
  /** Undefined for the bare server, which takes any token. */
  customers: Customer[] | undefined;
  flooders: Customer[] | undefined;
  /** The bundled server's documented limit per source address on requests without a valid token; undefined for the bare server. */
  invalidTokenLimit: InvalidTokenLimit | undefined;
  close(): Promise<void>;
}

/** Starts target-process.ts and waits for its population. */
export async function startLocalTarget(request: LocalTargetRequest): Promise<LocalTarget> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'target-process.ts'), JSON.stringify(request)], {
    cwd: resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const message = await new Promise<{ baseUrl: string; customers?: Customer[]; flooders?: Customer[]; invalidTokenLimit?: InvalidTokenLimit } | { error: string }>((resolveMessage, reject) => {
    child.once('message', (m) => resolveMessage(m as { baseUrl: string } | { error: string }));
    child.once('exit', (code) => reject(new Error(`the local target exited before it listened (code ${code})`)));
  });
  const close = () =>
    new Promise<void>((resolveClose) => {
      if (child.exitCode !== null || !child.connected) return resolveClose();
      child.once('exit', () => resolveClose());
      child.send({ cmd: 'stop' });
    });
  if ('error' in message) {
    await close();
    throw new Error(`the local target did not start: ${message.error}`);
  }
  return { baseUrl: message.baseUrl, customers: message.customers, flooders: message.flooders, invalidTokenLimit: message.invalidTokenLimit, close };
}
