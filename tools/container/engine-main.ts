import { scriptCommandLine } from '../../cli/command-line/run-script.js';
import { ensureEngine, stopEngine } from './engine.js';

/**
 * For .ci/run: `start` makes sure a Docker engine answers for the whole CI run and prints the pid
 * of a dockerd it had to start (nothing when one already answered), so the caller can `stop PID`
 * it at the end. Exit 1 with the reason when there can be none.
 */
const USAGE = 'Usage: tsx tools/container/engine-main.ts start | stop PID   (start prints the pid of a dockerd started here, nothing when an engine answers)';
const { positionals: args } = scriptCommandLine({ usage: USAGE, flags: {}, positionals: { name: 'start | stop PID', min: 1, max: 2 } });

if (args.length === 1 && args[0] === 'start') {
  const engine = await ensureEngine((line) => console.error(line));
  if (engine.kind === 'unavailable') {
    console.error(`no Docker engine: ${engine.reason}`);
    process.exit(1);
  }
  console.error(`Docker engine: ${engine.describe}`);
  if (engine.startedPid !== undefined) console.log(engine.startedPid);
  process.exit(0);
} else if (args.length === 2 && args[0] === 'stop' && /^[1-9][0-9]*$/.test(args[1] as string)) {
  await stopEngine(Number(args[1]));
  process.exit(0);
} else {
  console.error(`expected 'start' or 'stop PID', got '${args.join(' ')}'\n${USAGE}`);
  process.exit(2);
}
