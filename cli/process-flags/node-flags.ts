/**
 * Node flags a command's process needs from its start (V8 reads them when it starts, and changing
 * them later crashes the isolates made before).
 *
 * `observe --listen`: V8 collects each isolate's garbage and compiles its hot functions on helper
 * threads the whole process shares, at the process's priority. The judging thread runs nicer than
 * the proxy's (observe/judging-thread/), but its collections ran beside it at full priority and
 * took a core from the forwarding on a busy machine. `--single-threaded-gc` makes every isolate
 * collect on its own thread, so the judge's collections run at the judge's priority; the proxy's
 * own heap is small, its collections short. Compiling stays on the helpers: `--single-threaded`,
 * which moves it too, measured no better (docs/performance.md).
 */
export const LIVE_OBSERVE_NODE_FLAGS: readonly string[] = ['--single-threaded-gc'];

/**
 * `observe --har` and `--log`: V8 compiles the judges while the first tens of thousands of a file's
 * exchanges are judged, on the same core, and a file of some hundred thousand pays for it in its
 * rate. A smaller budget of bytecode TurboFan inlines into one function makes each compile cheaper;
 * the code it makes runs as fast once warm. A quarter of V8's interrupt budget has each hot judge
 * optimised after fewer of its turns, which the judges, each called once or twice an exchange of
 * its kinds, need many of (docs/performance.md). The old generation starts at 400 MiB rather than
 * growing from a few: the judges keep a minute of traffic, so V8 would otherwise mark the whole
 * heap at each of its first doublings, and the write barriers of each marking slow the judging
 * meanwhile; a long file reaches that size anyway. The proxy keeps V8's defaults: its judging
 * thread runs for hours, and the forwarding's latency was measured with them.
 */
export const FILE_OBSERVE_NODE_FLAGS: readonly string[] = ['--max-inlined-bytecode-size-cumulative=150', '--interrupt-budget=16384', '--initial-old-space-size=400'];

/** The flags the command `argv` (the CLI's arguments) runs with; none for most. */
export function nodeFlagsFor(argv: readonly string[]): readonly string[] {
  if (argv[0] !== 'observe') return [];
  return argv.some((arg) => arg === '--listen' || arg.startsWith('--listen=')) ? LIVE_OBSERVE_NODE_FLAGS : FILE_OBSERVE_NODE_FLAGS;
}

/** Of `flags`, those the process was not started with. */
export function missingNodeFlags(flags: readonly string[], execArgv: readonly string[] = process.execArgv): string[] {
  return flags.filter((flag) => !execArgv.includes(flag));
}
