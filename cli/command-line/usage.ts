/**
 * The outcomes of a command line that are not a run: every command of the kit and its tooling
 * maps them to the same exit codes (runScript, runCli).
 */

/** A flag or argument the command does not take; the message names it and the fix (exit 2). */
export class UsageError extends Error {}

/** `--help`: the usage goes to stdout and the exit code is 0. */
export class HelpRequested extends Error {}

/** The target cannot be brought up (no Docker engine, an unhealthy container): exit 3 with the message alone. */
export class TargetError extends Error {}
