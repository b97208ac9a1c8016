import { doctor } from './doctor.js';
import { parseRunOptions, UsageError } from './options.js';
import { runConformance } from './run.js';
import { prepareTarget } from './target.js';

/** `npm run conformance -- [doctor] [options]`; exit codes in options.ts (USAGE). */
const log = (line: string) => console.log(line);

async function main(): Promise<number> {
  const options = parseRunOptions(process.argv.slice(2));
  const target = await prepareTarget(options, (line) => console.error(line));
  try {
    if (options.command === 'doctor') return await doctor(target.baseUrl, target.profile, log);
    try {
      const health = await fetch(`${target.baseUrl}/health`);
      await health.arrayBuffer();
    } catch (err) {
      log(`target unreachable: GET ${target.baseUrl}/health failed (${(err as Error).message}). Fix: check --base-url and that the service runs`);
      return 3;
    }
    return (await runConformance(options, target, log)).code;
  } finally {
    await target.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError) {
      console.error(err.message);
      process.exit(2);
    }
    console.error(`harness error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(3);
  },
);
