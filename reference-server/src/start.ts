import type { AddressInfo } from 'node:net';
import { createApp, portalOf, type AppDeps, type PortalFunctions } from './app.js';
import { systemClock, type Clock } from './clock.js';
import { hashApiToken } from './domain/api-token.js';
import { createGuardedServer, DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from './http/guarded-server.js';
import { DEFAULT_NO_CUSTOMER_TARPIT, withNoCustomerTarpit, type NoCustomerTarpit } from './http/no-customer-tarpit.js';
import { INVALID_TOKEN_LIMIT, type InvalidTokenLimit } from './rate-limit/fixed-window.js';
import { DEMO_OPTIONS, seedDemo, type SeedOptions } from './seed/demo.js';
import { buildProfile, documentingInvalidTokenLimit, reusableProfile, writeProfile } from './seed/profile.js';
import { THIN_OPTIONS } from './seed/thin.js';
import { openDatabase } from './store/database.js';
import { createStore } from './store/store.js';
import { API_PREFIX } from './version.js';
import type { Log } from './log.js';
import type { Profile } from '../../spec/profile.schema.js';

export interface StartOptions {
  port: number;
  host: string;
  db: string;
  siteUrl?: string | undefined;
  /** The data set to seed: the demo one, the thin one (seed/thin.ts) or none. */
  seed: 'demo' | 'thin' | 'none';
  /** Where the target profile is written; omitted = not written. */
  profileOut?: string | undefined;
  maintenance?: boolean;
  /** Lets webhooks go to loopback receivers (local testing only; off by default). */
  allowLoopbackWebhooks?: boolean;
  /**
   * Configures this pdf.generated target (as the pro area would) for the primary demo customer and
   * the customer the webhook checks run as (profile webhook.customer).
   */
  webhook?: WebhookTarget | undefined;
  /** Timeouts and the connection caps (defaults: DEFAULT_CONNECTION_LIMITS). */
  connectionLimits?: Partial<ConnectionLimits>;
  /** The limit on requests with missing or invalid tokens per source IP (default INVALID_TOKEN_LIMIT); the profile documents it. */
  invalidTokenLimit?: InvalidTokenLimit;
  /** When a connection flooding answers that need no customer gets them delayed (default DEFAULT_NO_CUSTOMER_TARPIT). */
  noCustomerTarpit?: NoCustomerTarpit;
  clock?: Clock;
  log?: Log;
  /** Last say over the app's dependencies (used by the fault runner and the variations to swap one part). */
  configure?: (deps: AppDeps) => AppDeps;
  /** What the seed's profile must say about a configured part (a variation's documented limit). */
  adjustProfile?: (profile: Profile) => Profile;
}

export interface RunningServer {
  /** Listening origin, e.g. http://127.0.0.1:8080 */
  origin: string;
  /** API base: origin + /api/v2 */
  baseUrl: string;
  siteUrl: string;
  profile: Profile | undefined;
  /** True when an earlier profile was reused instead of a fresh token set. */
  profileReused: boolean;
  /** In-process portal functions (central document creation); not reachable over HTTP. */
  portal: PortalFunctions;
  /** What the pro area configures, in-process (as `npm run admin` does on the database). */
  proArea: ProAreaFunctions;
  close(): Promise<void>;
}

export interface WebhookTarget {
  url: string;
  authenticate: string;
}

export interface ProAreaFunctions {
  /** Sets (or with null clears) the pdf.generated target of the customer of this name. */
  setWebhook(customerName: string, target: WebhookTarget | null): void;
}

const SEEDS: Record<Exclude<StartOptions['seed'], 'none'>, SeedOptions> = { demo: DEMO_OPTIONS, thin: THIN_OPTIONS };

function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Starts the bundled server: open and migrate the database, seed, listen, write the profile.
 * This is the black-box entry point the harness may use; nothing else of the server is public.
 */
export async function startReferenceServer(options: StartOptions): Promise<RunningServer> {
  const clock = options.clock ?? systemClock;
  const db = openDatabase(options.db);
  const store = createStore(db);
  const log = options.log ?? (() => {});
  const { server, serve } = createGuardedServer({ ...DEFAULT_CONNECTION_LIMITS, ...options.connectionLimits }, log);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => resolve());
    });
  } catch (err) {
    db.close();
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  const origin = `http://${hostForUrl(options.host)}:${port}`;
  const siteUrl = (options.siteUrl ?? origin).replace(/\/+$/, '');
  const baseUrl = `${origin}${API_PREFIX}`;
  const invalidTokenLimit = options.invalidTokenLimit ?? INVALID_TOKEN_LIMIT;

  let profile: Profile | undefined;
  let profileReused = false;
  if (options.seed !== 'none') {
    const seed = SEEDS[options.seed];
    profile = options.profileOut ? reusableProfile(options.profileOut, store, seed.label) : undefined;
    profileReused = profile !== undefined;
    if (!profile) {
      try {
        profile = buildProfile(seedDemo(store, clock, seed), baseUrl, siteUrl, invalidTokenLimit);
      } catch (err) {
        server.close();
        db.close();
        throw err;
      }
    }
    const documented = documentingInvalidTokenLimit(profile, invalidTokenLimit);
    const adjusted = options.adjustProfile ? options.adjustProfile(documented) : documented;
    if (options.profileOut && (!profileReused || adjusted !== profile)) writeProfile(options.profileOut, adjusted);
    profile = adjusted;
  }
  // Applied on every start, so a changed --webhook-url reaches a database seeded earlier.
  if (options.webhook) {
    const tokens = [profile?.customers.primary.tokens[0], profile?.webhook?.customer?.tokens[0]];
    const receivers = tokens.map((token) => (token === undefined ? undefined : store.customers.findByTokenHash(hashApiToken(token))));
    if (!receivers[0]) {
      server.close();
      db.close();
      throw new Error('a webhook target is configured for the primary demo customer, which only the demo seed and the thin seed create (--seed demo or thin)');
    }
    for (const receiver of receivers) if (receiver) store.customers.setWebhook(receiver.id, options.webhook.url, options.webhook.authenticate);
  }
  const proArea: ProAreaFunctions = {
    setWebhook(customerName, target) {
      const id = store.customers.findIdByName(customerName);
      if (id === undefined) throw new Error(`no customer named ${JSON.stringify(customerName)}`);
      store.customers.setWebhook(id, target?.url ?? null, target?.authenticate ?? null);
    },
  };

  const deps: AppDeps = {
    store,
    clock,
    siteUrl,
    maintenance: options.maintenance ?? false,
    allowLoopbackWebhooks: options.allowLoopbackWebhooks ?? false,
    signingSecret: store.settings.signingSecret(),
    invalidTokenLimit,
    log,
  };
  const app = createApp(options.configure ? options.configure(deps) : deps);
  serve(withNoCustomerTarpit(app, options.noCustomerTarpit ?? DEFAULT_NO_CUSTOMER_TARPIT, clock));

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= new Promise<void>((resolve) => {
      // In-flight requests finish; idle keep-alive sockets are dropped so close() can complete.
      server.close(() => {
        // Deliveries already under way finish (they are bounded by their own timeout).
        void portalOf(app)
          .webhookIdle()
          .finally(() => {
            db.close();
            resolve();
          });
      });
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), 10_000);
      force.unref();
    });
    return closing;
  };
  return { origin, baseUrl, siteUrl, profile, profileReused, portal: portalOf(app), proArea, close };
}
