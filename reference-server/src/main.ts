import { resolve } from 'node:path';
import { ConfigError, HelpRequested, parseConfig } from './config.js';
import { startReferenceServer } from './start.js';
import { checkStartupWebhook } from './webhook-target-check.js';
import { composeVariations, selectVariations, UnknownVariation } from '../variations/index.js';

/**
 * The start banner goes to stdout, which often ends up in logs; the spec keeps tokens out of logs,
 * so they are printed only on request (--print-tokens). The profile file (mode 0600) holds them.
 */
function printSummary(s: Awaited<ReturnType<typeof startReferenceServer>>, profileOut: string, db: string, printTokens: boolean): void {
  const lines = [
    `cpf reference server listening on ${s.origin}`,
    `  API base:    ${s.baseUrl}`,
    `  site URL:    ${s.siteUrl}`,
    `  database:    ${db}`,
  ];
  if (s.profile) {
    const c = s.profile.customers;
    lines.push(`  profile:     ${profileOut}${s.profileReused ? ' (reused, tokens unchanged)' : ' (written, mode 0600)'}`);
    if (printTokens) {
      lines.push(
        '  demo tokens (Authorization: Bearer <token>):',
        `    primary          ${c.primary.tokens[0]}`,
        `    foreign          ${c.foreign?.tokens[0] ?? '-'}`,
        `    expiredUnlocked  ${c.expiredUnlocked?.tokens[0] ?? '-'}`,
        `  try: curl -H "Authorization: Bearer ${c.primary.tokens[0]}" ${s.baseUrl}/reports`,
      );
    } else {
      lines.push(
        `  demo tokens: in the profile (customers.<role>.tokens), not printed here; --print-tokens prints them`,
        `  try: curl -H "Authorization: Bearer $(node -p "require('${resolve(profileOut)}').customers.primary.tokens[0]")" ${s.baseUrl}/reports`,
      );
    }
  }
  console.log(lines.join('\n'));
}

async function main(): Promise<void> {
  let config;
  let variations;
  try {
    config = parseConfig(process.argv.slice(2), process.env);
    variations = selectVariations(config.vary);
    if (config.webhookUrl !== undefined) await checkStartupWebhook(config.webhookUrl, { allowLoopback: config.allowLoopbackWebhooks, warn: (line) => console.error(line) });
  } catch (err) {
    if (err instanceof HelpRequested) {
      console.log(err.message);
      process.exit(0);
    }
    if (err instanceof ConfigError || err instanceof UnknownVariation) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const state: { running?: Awaited<ReturnType<typeof startReferenceServer>> } = {};
  const shutdown = (signal: string) => {
    console.error(`${signal}: finishing in-flight requests, closing the database`);
    if (!state.running) process.exit(0);
    void state.running.close().then(() => process.exit(0));
  };
  // Registered before start so a signal during start-up never kills the process half-way.
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  const varied = composeVariations(variations);
  let server;
  try {
    server = await startReferenceServer({
      ...config,
      ...(variations.length > 0 ? { configure: varied.configure, adjustProfile: varied.profile } : {}),
      profileOut: config.seed === 'none' ? undefined : config.profileOut,
      webhook: config.webhookUrl ? { url: config.webhookUrl, authenticate: config.webhookAuthenticate } : undefined,
      connectionLimits: {
        headersTimeoutMs: config.headersTimeoutMs,
        requestTimeoutMs: config.requestTimeoutMs,
        silentConnectionTimeoutMs: config.silentConnectionTimeoutMs,
        maxConnections: config.maxConnections,
        maxConnectionsPerAddress: config.maxConnectionsPerAddress,
        stalledSendTimeoutMs: config.stalledSendTimeoutMs,
        maxPipelinedRequests: config.maxPipelinedRequests,
        maxUnsentBytes: config.maxUnsentBytes,
      },
      log: (line, level = 'error') => console.error(level === 'error' ? line : `${level}: ${line}`),
    });
  } catch (err) {
    console.error(`cannot start: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(3);
  }
  state.running = server;
  printSummary(server, config.profileOut, config.db, config.printTokens);
  if (variations.length > 0) console.log(`  variations:  ${variations.map((v) => v.id).join(', ')} (other readings the spec permits)`);
}

await main();
