import { ThreadsPoolWorker, type PoolOptions, type PoolRunnerInitializer } from 'vitest/node';
import { sharedStartupTurns } from '../../harness-core/startup-turns.js';
import { writeRunEnv } from '../../harness-core/run-env.js';

/**
 * Vitest's worker threads, each started in a start turn of the pacer (harness-core/startup-turns.ts),
 * one per core. Started all at once, the threads booting vitest's runtime share the cores and none
 * is ready before all are, so the lead file's first request waits for every worker's boot
 * (docs/performance.md, "Run settings"). In turns, the first workers, which take the lead files
 * (the pool starts them in the files' order, file-order.ts), boot alone and send while the later
 * ones boot. The worker holds its turn
 * until its setup file has imported the shared modules (worker-warmup.ts gives it back), so
 * booting and importing never crowd the cores together.
 */
const NAME = 'threads-in-turns';

class ThreadInTurn extends ThreadsPoolWorker {
  override readonly name = NAME;
  #started = false;

  constructor(options: PoolOptions) {
    // The task's env object is shared by every worker of the project: each worker names its own turn.
    super({ ...options, env: { ...options.env } });
  }

  override async start(): Promise<void> {
    const turns = this.#started ? undefined : sharedStartupTurns();
    this.#started = true;
    if (turns) writeRunEnv({ startupTurn: await turns.take() }, this.env);
    await super.start();
  }
}

export const threadsInTurns: PoolRunnerInitializer = { name: NAME, createPoolWorker: (options) => new ThreadInTurn(options) };
