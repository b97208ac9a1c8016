import { z } from 'zod';
import { DEFAULT_CONNECTION_LIMITS } from './http/guarded-server.js';
import { INVALID_TOKEN_LIMIT, type InvalidTokenLimit } from './rate-limit/fixed-window.js';

/**
 * Flags and env parsed once into a frozen Config. Flags win over env. Every problem is reported
 * as one line naming the option and what it accepts; main exits 2 on it.
 */
export interface Config {
  port: number;
  host: string;
  db: string;
  siteUrl: string | undefined;
  seed: 'demo' | 'thin' | 'none';
  profileOut: string;
  maintenance: boolean;
  allowLoopbackWebhooks: boolean;
  webhookUrl: string | undefined;
  webhookAuthenticate: string;
  printTokens: boolean;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  silentConnectionTimeoutMs: number;
  maxConnections: number;
  maxConnectionsPerAddress: number;
  stalledSendTimeoutMs: number;
  maxPipelinedRequests: number;
  maxUnsentBytes: number;
  /** Requests with missing or invalid tokens admitted per source IP in each fixed window; the profile documents it. */
  invalidTokenLimit: InvalidTokenLimit;
  /** Variations (reference-server/variations) to take: other readings the spec permits; `all` for every one. */
  vary: readonly string[];
}

export class ConfigError extends Error {}

/** `--help`: the usage goes to stdout and the exit code is 0. */
export class HelpRequested extends Error {}

interface OptionSpec {
  flag: string;
  env: string;
  key: keyof Config;
  accepts: string;
  schema: z.ZodType;
  boolean?: boolean;
}

const port = z.coerce.number().int().min(0).max(65535);

export const INVALID_TOKEN_LIMIT_ACCEPTS =
  'N/S: N requests (1..100000) with a missing or invalid token per source address in every fixed window of S seconds (1..86400), e.g. 30/60';

/** `N/S` of --invalid-token-limit (also checked by the tools that start the server with it). */
export const invalidTokenLimitSchema = z
  .string()
  .regex(/^\d+\/\d+$/)
  .transform((raw) => {
    const [requests = '', windowSeconds = ''] = raw.split('/');
    return { requests: Number(requests), windowSeconds: Number(windowSeconds) };
  })
  .pipe(z.strictObject({ requests: z.number().int().min(1).max(100_000), windowSeconds: z.number().int().min(1).max(86_400) }));

const OPTIONS: OptionSpec[] = [
  { flag: '--port', env: 'CPF_PORT', key: 'port', accepts: 'an integer 0..65535 (0 = any free port)', schema: port },
  { flag: '--host', env: 'CPF_HOST', key: 'host', accepts: 'a host name or IP address to listen on', schema: z.string().min(1) },
  { flag: '--db', env: 'CPF_DB', key: 'db', accepts: 'a SQLite file path, or :memory:', schema: z.string().min(1) },
  {
    flag: '--site-url',
    env: 'CPF_SITE_URL',
    key: 'siteUrl',
    accepts: 'an absolute http(s) URL such as http://127.0.0.1:8080',
    schema: z.url({ protocol: /^https?$/ }),
  },
  {
    flag: '--seed',
    env: 'CPF_SEED',
    key: 'seed',
    accepts: 'demo, thin (one token per customer, no project in status 4/5 or incomplete, no radiators, one application per customer) or none',
    schema: z.enum(['demo', 'thin', 'none']),
  },
  {
    flag: '--profile-out',
    env: 'CPF_PROFILE_OUT',
    key: 'profileOut',
    accepts: 'a file path for the generated target profile',
    schema: z.string().min(1),
  },
  {
    flag: '--maintenance',
    env: 'CPF_MAINTENANCE',
    key: 'maintenance',
    accepts: 'no value as a flag; 0/1/true/false in the env',
    schema: z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true'),
    boolean: true,
  },
  {
    flag: '--allow-loopback-webhooks',
    env: 'CPF_ALLOW_LOOPBACK_WEBHOOKS',
    key: 'allowLoopbackWebhooks',
    accepts: 'no value as a flag; 0/1/true/false in the env (local testing only)',
    schema: z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true'),
    boolean: true,
  },
  {
    flag: '--webhook-url',
    env: 'CPF_WEBHOOK_URL',
    key: 'webhookUrl',
    accepts: 'an absolute http(s) URL: pdf.generated target of the primary demo customer',
    schema: z.url({ protocol: /^https?$/ }),
  },
  {
    flag: '--webhook-authenticate',
    env: 'CPF_WEBHOOK_AUTHENTICATE',
    key: 'webhookAuthenticate',
    accepts: 'the authenticate value sent with the webhook',
    schema: z.string().min(1),
  },
  {
    flag: '--print-tokens',
    env: 'CPF_PRINT_TOKENS',
    key: 'printTokens',
    accepts: 'no value as a flag; 0/1/true/false in the env (demo tokens on stdout; the profile file holds them anyway)',
    schema: z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true'),
    boolean: true,
  },
  {
    flag: '--headers-timeout-ms',
    env: 'CPF_HEADERS_TIMEOUT_MS',
    key: 'headersTimeoutMs',
    accepts: 'an integer 100..600000: ms a client has to send the request headers (then 408)',
    schema: z.coerce.number().int().min(100).max(600_000),
  },
  {
    flag: '--request-timeout-ms',
    env: 'CPF_REQUEST_TIMEOUT_MS',
    key: 'requestTimeoutMs',
    accepts: 'an integer 100..3600000, not below the headers timeout: ms a client has to send the whole request (then 408)',
    schema: z.coerce.number().int().min(100).max(3_600_000),
  },
  {
    flag: '--silent-connection-timeout-ms',
    env: 'CPF_SILENT_CONNECTION_TIMEOUT_MS',
    key: 'silentConnectionTimeoutMs',
    accepts: 'an integer 100..600000: ms a new connection may stay silent before its first request headers are complete (then it is closed)',
    schema: z.coerce.number().int().min(100).max(600_000),
  },
  {
    flag: '--max-connections',
    env: 'CPF_MAX_CONNECTIONS',
    key: 'maxConnections',
    accepts: 'an integer 0..1000000: open connections in all, further ones get 503 and are closed (0 = no cap)',
    schema: z.coerce.number().int().min(0).max(1_000_000),
  },
  {
    flag: '--max-connections-per-address',
    env: 'CPF_MAX_CONNECTIONS_PER_ADDRESS',
    key: 'maxConnectionsPerAddress',
    accepts: 'an integer 0..100000: open connections per client address, further ones are closed (0 = no cap)',
    schema: z.coerce.number().int().min(0).max(100_000),
  },
  {
    flag: '--stalled-send-timeout-ms',
    env: 'CPF_STALLED_SEND_TIMEOUT_MS',
    key: 'stalledSendTimeoutMs',
    accepts: 'an integer 100..600000, or 0 for no bound: ms an answer may wait with no byte taken by the client (then the connection is closed)',
    schema: z.coerce.number().int().refine((n) => n === 0 || (n >= 100 && n <= 600_000)),
  },
  {
    flag: '--max-pipelined-requests',
    env: 'CPF_MAX_PIPELINED_REQUESTS',
    key: 'maxPipelinedRequests',
    accepts: 'an integer 0..10000: requests one connection may have unanswered; one more closes it (0 = no cap)',
    schema: z.coerce.number().int().min(0).max(10_000),
  },
  {
    flag: '--max-unsent-bytes',
    env: 'CPF_MAX_UNSENT_BYTES',
    key: 'maxUnsentBytes',
    accepts: 'an integer 0..1073741824: bytes of answers one connection may have unsent before its next request waits for the client to read (0 = no cap)',
    schema: z.coerce.number().int().min(0).max(1024 * 1024 * 1024),
  },
  {
    flag: '--invalid-token-limit',
    env: 'CPF_INVALID_TOKEN_LIMIT',
    key: 'invalidTokenLimit',
    accepts: INVALID_TOKEN_LIMIT_ACCEPTS,
    schema: invalidTokenLimitSchema,
  },
];

export const DEFAULTS = {
  port: 8080,
  host: '127.0.0.1',
  db: 'data/reference.sqlite',
  siteUrl: undefined,
  seed: 'demo',
  profileOut: 'data/profile.json',
  maintenance: false,
  allowLoopbackWebhooks: false,
  webhookUrl: undefined,
  webhookAuthenticate: 'cpf-demo-authenticate',
  printTokens: false,
  ...DEFAULT_CONNECTION_LIMITS,
  invalidTokenLimit: INVALID_TOKEN_LIMIT,
  vary: [],
} as const satisfies Config;

const VARY = { flag: '--vary', env: 'CPF_VARY', accepts: 'a variation name or all (repeatable, or comma-separated): another reading the spec permits' } as const;

export const USAGE = `Usage: npm run server -- [options]
${OPTIONS.map((o) => `  ${(o.boolean ? o.flag : `${o.flag} <value>`).padEnd(22)} ${o.env.padEnd(16)} ${o.accepts}`).join('\n')}
  ${`${VARY.flag} <name>`.padEnd(22)} ${VARY.env.padEnd(16)} ${VARY.accepts}
Defaults: --port ${DEFAULTS.port} --host ${DEFAULTS.host} --db ${DEFAULTS.db} --seed ${DEFAULTS.seed} --profile-out ${DEFAULTS.profileOut} --headers-timeout-ms ${DEFAULTS.headersTimeoutMs} --request-timeout-ms ${DEFAULTS.requestTimeoutMs} --silent-connection-timeout-ms ${DEFAULTS.silentConnectionTimeoutMs} --max-connections ${DEFAULTS.maxConnections} --max-connections-per-address ${DEFAULTS.maxConnectionsPerAddress} --stalled-send-timeout-ms ${DEFAULTS.stalledSendTimeoutMs} --max-pipelined-requests ${DEFAULTS.maxPipelinedRequests} --max-unsent-bytes ${DEFAULTS.maxUnsentBytes} --invalid-token-limit ${DEFAULTS.invalidTokenLimit.requests}/${DEFAULTS.invalidTokenLimit.windowSeconds}; site URL = listening URL.`;

function parseValue(o: OptionSpec, raw: string, source: string): unknown {
  const result = o.schema.safeParse(raw);
  if (!result.success) throw new ConfigError(`${source}: invalid value '${raw}'; accepted: ${o.accepts}`);
  return result.data;
}

export function parseConfig(argv: readonly string[], env: Record<string, string | undefined>): Config {
  const values: Record<string, unknown> = { ...DEFAULTS };
  for (const o of OPTIONS) {
    const raw = env[o.env];
    if (raw !== undefined && raw !== '') values[o.key] = parseValue(o, raw, `env ${o.env}`);
  }
  const vary: string[] = [];
  const varyNames = (raw: string, source: string) => {
    const names = raw.split(',').map((n) => n.trim());
    if (names.some((n) => n === '')) throw new ConfigError(`${source}: invalid value '${raw}'; accepted: ${VARY.accepts}`);
    vary.push(...names);
  };
  if (env[VARY.env]) varyNames(env[VARY.env] as string, `env ${VARY.env}`);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') throw new HelpRequested(USAGE);
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name === VARY.flag) {
      const raw = inline ?? argv[++i];
      if (raw === undefined) throw new ConfigError(`${VARY.flag}: missing value; accepted: ${VARY.accepts}`);
      varyNames(raw, VARY.flag);
      continue;
    }
    const o = OPTIONS.find((x) => x.flag === name);
    if (!o) throw new ConfigError(`unknown option '${arg}'; accepted: ${[...OPTIONS.map((x) => x.flag), VARY.flag].join(', ')}`);
    if (o.boolean) {
      values[o.key] = inline === undefined ? true : parseValue(o, inline, o.flag);
      continue;
    }
    const raw = inline ?? argv[++i];
    if (raw === undefined) throw new ConfigError(`${o.flag}: missing value; accepted: ${o.accepts}`);
    values[o.key] = parseValue(o, raw, o.flag);
  }
  if (values.webhookUrl !== undefined && values.seed === 'none') {
    throw new ConfigError('--webhook-url (CPF_WEBHOOK_URL) configures the primary demo customer, which --seed none does not create; accepted: --seed demo or thin, or set the webhook later with npm run admin -- set-webhook');
  }
  if ((values.requestTimeoutMs as number) < (values.headersTimeoutMs as number)) {
    throw new ConfigError(`--request-timeout-ms (CPF_REQUEST_TIMEOUT_MS) ${String(values.requestTimeoutMs)} is below --headers-timeout-ms ${String(values.headersTimeoutMs)}; accepted: a request timeout at least as long as the headers timeout`);
  }
  values.vary = vary;
  return Object.freeze(values as unknown as Config);
}
