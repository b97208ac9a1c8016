import { HelpRequested, UsageError } from '../options.js';

/**
 * Runs a script's main and exits with its code: `--help` prints the usage (0), a usage error its
 * message (2), anything else is the harness's own failure (3), never a verdict on the target.
 */
export function runScript(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      if (err instanceof HelpRequested) {
        console.log(err.message);
        process.exit(0);
      }
      if (err instanceof UsageError) {
        console.error(err.message);
        process.exit(2);
      }
      console.error(`harness error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      process.exit(3);
    },
  );
}
