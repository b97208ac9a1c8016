import { rmSync } from 'node:fs';
import { startRecordingProxy } from '../../observe/proxy/recording-proxy.js';
import { createExchangeLogWriter } from '../../observe/exchange-log/write-exchange-log.js';
import type { PreparedTarget } from '../target/prepared-target.js';

/**
 * The target behind the recording proxy (`--record FILE`): the checks send everything through it,
 * and every exchange goes to FILE as an exchange log, which `observe --log FILE` judges again
 * without the kit sending anything. Links the target hands out still lead to the target itself.
 */
export async function recordingTarget<T extends Pick<PreparedTarget, 'baseUrl' | 'close' | 'recordedUpstream'>>(target: T, file: string, recordedBy = 'cpf-conformance run --record'): Promise<T> {
  // A run's recording is that run's alone (the writer would continue an earlier log).
  rmSync(file, { force: true });
  const log = createExchangeLogWriter(file, recordedBy);
  const upstream = new URL(target.baseUrl);
  const proxy = await startRecordingProxy({ upstream: upstream.origin, onExchange: (exchange) => log.write(exchange) }).catch(async (error: unknown) => {
    await log.close();
    await target.close();
    throw error;
  });
  return {
    ...target,
    baseUrl: `${proxy.url}${upstream.pathname.replace(/\/+$/, '')}`,
    recordedUpstream: upstream.origin,
    async close() {
      await proxy.close();
      await log.close();
      await target.close();
    },
  };
}
