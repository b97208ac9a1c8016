/**
 * The server's log sink. `error` is something the operator should look at (an internal error with
 * its stack); `info` is routine that still leaves a trace, such as a client that went away.
 */
export type LogLevel = 'error' | 'info';

export type Log = (line: string, level?: LogLevel) => void;
