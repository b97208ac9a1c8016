import { parseCommandLine, type CommandLine, type FlagTable, type FlagValues } from './flags.js';
import { HelpRequested, UsageError } from './usage.js';

/** --help prints the usage (0), a usage error its message (2); anything else is not the command line's. */
function exitOnCommandLine(err: unknown): void {
  if (err instanceof HelpRequested) {
    console.log(err.message);
    process.exit(0);
  }
  if (err instanceof UsageError) {
    console.error(err.message);
    process.exit(2);
  }
}

/**
 * Runs a script's main and exits with its code: `--help` prints the usage (0), a usage error its
 * message (2), anything else is the harness's own failure (3), never a verdict on the target.
 */
export function runScript(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      exitOnCommandLine(err);
      console.error(`harness error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      process.exit(3);
    },
  );
}

/** For scripts that run at the top level: what `read` makes of the command line, or the process ends as runScript ends it. */
export function readOrExit<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    exitOnCommandLine(err);
    throw err;
  }
}

/** A top-level script's command line read against its table (readOrExit). */
export function scriptCommandLine<T extends FlagTable>(command: CommandLine<T>, argv: readonly string[] = process.argv.slice(2)): { values: FlagValues<T>; positionals: string[] } {
  return readOrExit(() => parseCommandLine(argv, command));
}
