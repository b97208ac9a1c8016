import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createApp, portalOf } from './app.js';
import { DEFAULTS } from './config.js';
import { openDatabase } from './store/database.js';
import { createStore } from './store/store.js';
import { checkWebhookTarget } from './webhook-target-check.js';

/**
 * `npm run admin -- <command>`: what the customer portal does outside the API, for the sandbox.
 *   set-webhook "<customer name>" <url> <authenticate>   configure the pdf.generated target
 *   clear-webhook "<customer name>"
 *   portal-pdf <projectKey> [service|check]             the portal's central document creation
 * Options: --db PATH (default data/reference.sqlite), --site-url URL, --allow-loopback-webhooks.
 */
const USAGE = `Usage: npm run admin -- set-webhook "<customer name>" <url> <authenticate> | clear-webhook "<customer name>" | portal-pdf <projectKey> [service|check]
Options: --db PATH (default ${DEFAULTS.db}), --site-url URL (default http://127.0.0.1:${DEFAULTS.port}), --allow-loopback-webhooks`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const OPTIONS = {
  db: { type: 'string' },
  'site-url': { type: 'string' },
  'allow-loopback-webhooks': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function readArgs(argv: string[]): ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>> {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (err) {
    // parseArgs names the option and how to write it (an unknown one, a missing value).
    fail(`${(err as Error).message}\n${USAGE}`);
  }
}

const { values, positionals } = readArgs(process.argv.slice(2));
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const db = values.db ?? DEFAULTS.db;
const siteUrl = values['site-url'] ?? `http://127.0.0.1:${DEFAULTS.port}`;
const allowLoopbackWebhooks = values['allow-loopback-webhooks'] === true;
const [command, ...rest] = positionals;
const COMMANDS = ['set-webhook', 'clear-webhook', 'portal-pdf'];
if (command === undefined) fail(USAGE);
if (!COMMANDS.includes(command)) fail(`unknown command '${command}'. Fix: one of ${COMMANDS.join(', ')}\n${USAGE}`);
// Opening a missing file would create an empty database (and data/ in the checkout) that no server uses.
if (!existsSync(db)) fail(`no database at ${db}. Fix: start the server once (npm run server creates and seeds it there), or pass --db PATH of the server's database`);

const store = createStore(openDatabase(db));
const customerId = (name: string | undefined) => {
  const id = name === undefined ? undefined : store.customers.findIdByName(name);
  return id ?? fail(`no customer named '${name}' in ${db} (names: see docs/reference-server.md, "Demo data")`);
};

switch (command) {
  case 'set-webhook': {
    const [name, url, authenticate] = rest;
    if (!url || authenticate === undefined) fail(USAGE);
    const verdict = await checkWebhookTarget(url, { allowLoopback: allowLoopbackWebhooks });
    if ('refused' in verdict) fail(`webhook URL refused, the sender would never deliver to it: ${verdict.refused}`);
    if ('unresolved' in verdict) console.error(`warning: ${verdict.unresolved}; stored anyway, the sender resolves the name at each delivery`);
    store.customers.setWebhook(customerId(name), url, authenticate);
    console.log(`webhook of '${name}' set to ${url}`);
    break;
  }
  case 'clear-webhook':
    store.customers.setWebhook(customerId(rest[0]), null, null);
    console.log(`webhook of '${rest[0]}' cleared`);
    break;
  case 'portal-pdf': {
    const [key, kind = 'service'] = rest;
    if (!key || (kind !== 'service' && kind !== 'check')) fail(USAGE);
    if (!store.projects.findByKey(key.toLowerCase())) fail(`no project '${key}' in ${db}. Fix: take a key from GET /reports or the seed profile`);
    const portal = portalOf(createApp({ store, siteUrl, allowLoopbackWebhooks, signingSecret: store.settings.signingSecret(), log: (line) => console.error(line) }));
    const pdf = await portal.createDocument(key, kind);
    console.log(`document ${pdf.document.id} (${pdf.document.name}, ${pdf.document.size} bytes): ${pdf.url}`);
    console.log(pdf.webhookEventId ? `pdf.generated delivery ${pdf.webhookEventId} sent` : 'no webhook delivery (not the first document, or no address configured)');
    await portal.webhookIdle();
    break;
  }
  default:
    fail(USAGE);
}
store.db.close();
