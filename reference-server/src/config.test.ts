import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULTS, HelpRequested, parseConfig, USAGE } from './config.js';

describe('server config', () => {
  it('works with no flags', () => {
    expect(parseConfig([], {})).toEqual(DEFAULTS);
  });

  it('reads env and lets flags win', () => {
    const c = parseConfig(['--port', '9000', '--seed=none'], { CPF_PORT: '7000', CPF_DB: ':memory:', CPF_HOST: '0.0.0.0' });
    expect(c).toMatchObject({ port: 9000, db: ':memory:', host: '0.0.0.0', seed: 'none' });
  });

  it('takes the thin seed as flag and env', () => {
    expect(parseConfig(['--seed', 'thin'], {}).seed).toBe('thin');
    expect(parseConfig([], { CPF_SEED: 'thin' }).seed).toBe('thin');
    expect(parseConfig(['--seed', 'thin', '--webhook-url', 'https://hooks.example.test/x'], {}).webhookUrl).toBe('https://hooks.example.test/x');
  });

  it('parses the maintenance switch as flag and env', () => {
    expect(parseConfig(['--maintenance'], {}).maintenance).toBe(true);
    expect(parseConfig([], { CPF_MAINTENANCE: '1' }).maintenance).toBe(true);
  });

  it('parses the connection limits and --print-tokens', () => {
    const c = parseConfig(['--headers-timeout-ms', '2000', '--request-timeout-ms=5000', '--print-tokens'], { CPF_MAX_CONNECTIONS_PER_ADDRESS: '0' });
    expect(c).toMatchObject({ headersTimeoutMs: 2000, requestTimeoutMs: 5000, maxConnectionsPerAddress: 0, printTokens: true });
    expect(DEFAULTS).toMatchObject({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, maxConnectionsPerAddress: 256, printTokens: false });
  });

  it('parses the silent-connection bound and the overall connection cap', () => {
    const c = parseConfig(['--silent-connection-timeout-ms', '3000'], { CPF_MAX_CONNECTIONS: '0' });
    expect(c).toMatchObject({ silentConnectionTimeoutMs: 3000, maxConnections: 0 });
    expect(DEFAULTS).toMatchObject({ silentConnectionTimeoutMs: 10_000, maxConnections: 4096 });
  });

  it('parses the bounds on what a client that stops reading holds', () => {
    const c = parseConfig(['--stalled-send-timeout-ms', '0', '--max-pipelined-requests=4'], { CPF_MAX_UNSENT_BYTES: '65536' });
    expect(c).toMatchObject({ stalledSendTimeoutMs: 0, maxPipelinedRequests: 4, maxUnsentBytes: 65_536 });
    expect(DEFAULTS).toMatchObject({ stalledSendTimeoutMs: 10_000, maxPipelinedRequests: 16, maxUnsentBytes: 1024 * 1024 });
    expect(() => parseConfig(['--stalled-send-timeout-ms', '50'], {})).toThrow(/--stalled-send-timeout-ms: invalid value '50'; accepted: an integer 100\.\.600000, or 0/);
  });

  it('parses the invalid-token limit as N/S from flag and env, 60/5 by default', () => {
    expect(parseConfig(['--invalid-token-limit', '30/60'], {}).invalidTokenLimit).toEqual({ requests: 30, windowSeconds: 60 });
    expect(parseConfig([], { CPF_INVALID_TOKEN_LIMIT: '30/60' }).invalidTokenLimit).toEqual({ requests: 30, windowSeconds: 60 });
    expect(parseConfig(['--invalid-token-limit=1/86400'], { CPF_INVALID_TOKEN_LIMIT: '30/60' }).invalidTokenLimit).toEqual({ requests: 1, windowSeconds: 86_400 });
    expect(parseConfig(['--invalid-token-limit', '100000/1'], {}).invalidTokenLimit).toEqual({ requests: 100_000, windowSeconds: 1 });
    expect(DEFAULTS.invalidTokenLimit).toEqual({ requests: 60, windowSeconds: 5 });
    expect(USAGE).toContain('--invalid-token-limit 60/5');
  });

  it.each(['0/5', '60/0', '100001/5', '60/86401', '60', '60/5/1', 'a/b', '-1/5', '1.5/5', '60/ 5', ''])('rejects --invalid-token-limit %j naming the flag and the form N/S', (value) => {
    expect(() => parseConfig(['--invalid-token-limit', value], {})).toThrow(
      new ConfigError(`--invalid-token-limit: invalid value '${value}'; accepted: N/S: N requests (1..100000) with a missing or invalid token per source address in every fixed window of S seconds (1..86400), e.g. 30/60`),
    );
  });

  it.each([
    [['--request-timeout-ms', '5000'], {}, /--request-timeout-ms .* is below --headers-timeout-ms 10000/],
    [['--headers-timeout-ms', '50'], {}, /--headers-timeout-ms: invalid value '50'/],
    [[], { CPF_MAX_CONNECTIONS_PER_ADDRESS: 'viele' }, /env CPF_MAX_CONNECTIONS_PER_ADDRESS/],
    [['--silent-connection-timeout-ms', '10'], {}, /--silent-connection-timeout-ms: invalid value '10'/],
    [[], { CPF_MAX_CONNECTIONS: '-5' }, /env CPF_MAX_CONNECTIONS: invalid value/],
    [['--port', 'eighty'], {}, /--port: invalid value 'eighty'; accepted: an integer 0\.\.65535/],
    [['--port', '70000'], {}, /--port/],
    [['--seed', 'full'], {}, /--seed: invalid value 'full'; accepted: demo, thin \(.*\) or none/],
    [['--site-url', 'ftp://x'], {}, /--site-url/],
    [['--bogus'], {}, /unknown option '--bogus'; accepted: --port/],
    [['--db'], {}, /--db: missing value/],
    [[], { CPF_PORT: '-1' }, /env CPF_PORT: invalid value '-1'/],
    [[], { CPF_SEED: 'x' }, /env CPF_SEED/],
    [[], { CPF_INVALID_TOKEN_LIMIT: '30:60' }, /env CPF_INVALID_TOKEN_LIMIT: invalid value '30:60'; accepted: N\/S/],
    [['--invalid-token-limit'], {}, /--invalid-token-limit: missing value; accepted: N\/S/],
    [['--seed', 'none', '--webhook-url', 'https://hooks.example.test/x'], {}, /--webhook-url .*--seed none/],
  ] as const)('rejects %j %j with a one-line error naming the option', (argv, env, message) => {
    let error: unknown;
    try {
      parseConfig(argv, env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  it('answers --help with the usage as a request for help, not as an error', () => {
    for (const flag of ['--help', '-h']) {
      expect(() => parseConfig(['--port', '1', flag], {})).toThrow(HelpRequested);
      expect(() => parseConfig([flag], {})).toThrow(/--port .*CPF_PORT/);
    }
  });
});
