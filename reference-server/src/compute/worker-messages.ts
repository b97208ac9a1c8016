import type { ApiError } from '../http/api-error.js';
import type { HeavyJob } from './heavy-jobs.js';
import type { ProjectSnapshot } from './project-snapshot.js';

/**
 * A job as a worker thread gets it: with the database file it reads the project from itself, or
 * with the project read beforehand (an in-memory database no other connection can open).
 */
export type WorkerTask = { job: HeavyJob } & ({ database: string } | { snapshot: ProjectSnapshot });

/**
 * The reply to one task; the pool sends the next task only after it. An answer the job chose (an
 * ApiError such as 422 `calculation_unavailable`) crosses as its parts, since a structured clone
 * keeps only a plain Error.
 */
export type WorkerReply =
  | { ok: true; value: Uint8Array }
  | { ok: false; message: string; apiError?: { status: number; details: ApiError['details']; headers: Record<string, string> } };

/** The buffer to hand over with the bytes instead of copying them: only one they fill alone, never a shared pool's. */
export function transferableOf(bytes: Uint8Array): ArrayBuffer[] {
  const { buffer } = bytes;
  return buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength ? [buffer] : [];
}
