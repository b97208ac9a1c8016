import type { Profile } from '../../spec/profile.schema.js';
import { BUNDLED_IMAGE } from './container-image.js';
import { UsageError } from '../command-line/usage.js';

/**
 * What `--image` starts, decided without touching Docker so it can be unit-tested: the image
 * reference, ports, environment, health wait and where the profile comes from.
 */

/** The first start of a fresh image migrates and seeds its database before it answers. */
export const STARTUP_TIMEOUT_MS = 120_000;

// The grammar of github.com/distribution/reference, without IPv6 registry hosts.
const DOMAIN_PART = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const DOMAIN = `${DOMAIN_PART}(?:\\.${DOMAIN_PART})*(?::[0-9]+)?`;
const PATH_PART = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const REFERENCE = new RegExp(`^((?:${DOMAIN}/)?${PATH_PART}(?:/${PATH_PART})*)(?::[\\w][\\w.-]{0,127})?(?:@[a-z0-9]+(?:[.+_-][a-z0-9]+)*:[a-fA-F0-9]{32,})?$`);

/** The reference as given, e.g. `ghcr.io/acme/cpf:1.4`, once it is one Docker would accept. */
export function checkImageRef(value: string): string {
  const m = REFERENCE.exec(value);
  if (!m || (m[1] as string).length > 255) {
    throw new UsageError(`--image '${value}' is not an image reference. Fix: NAME[:TAG] with a lowercase name, e.g. cpf-reference:dev or ghcr.io/acme/cpf-api:1.4`);
  }
  return value;
}

interface PlanCommon {
  image: string;
  containerPort: number;
  health: { path: string; port: number; statusCode: number; startupTimeoutMs: number };
}

/** The bundled image writes its seed profile and takes its public origin from the environment; another image comes with the operator's profile. */
export type ContainerPlan = (PlanCommon & { bundled: true; profileInContainer: string }) | (PlanCommon & { bundled: false; profile: Profile });

/**
 * Without a profile the image is taken to be the bundled one: it listens on 8080 and writes its
 * seed profile. With a profile, the profile's baseUrl names the port and API path inside the
 * container (default http://localhost:8080/api/v2). Checked before Docker is asked anything.
 */
export function containerPlan(input: { image: string; profile: Profile | undefined }): ContainerPlan {
  const image = checkImageRef(input.image);
  if (!input.profile) {
    return {
      image,
      bundled: true,
      containerPort: BUNDLED_IMAGE.port,
      health: { path: `${BUNDLED_IMAGE.apiPath}/health`, port: BUNDLED_IMAGE.port, statusCode: 200, startupTimeoutMs: STARTUP_TIMEOUT_MS },
      profileInContainer: BUNDLED_IMAGE.profilePath,
    };
  }
  const inside = new URL(input.profile.baseUrl ?? `http://localhost:${BUNDLED_IMAGE.port}${BUNDLED_IMAGE.apiPath}`);
  if (inside.protocol !== 'http:') {
    throw new UsageError(`--image with --profile: the profile's baseUrl ${inside.href} must be plain http (the API as reached inside the container). Fix: e.g. "baseUrl": "http://localhost:8080/api/v2"`);
  }
  const port = Number(inside.port || 80);
  return {
    image,
    bundled: false,
    profile: input.profile,
    containerPort: port,
    health: { path: `${apiPathOf(inside)}/health`, port, statusCode: 200, startupTimeoutMs: STARTUP_TIMEOUT_MS },
  };
}

/** How the host reaches the container port bound to hostPort. */
export function hostOrigin(host: string, hostPort: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${hostPort}`;
}

/**
 * The bundled image learns its public origin (links in its answers must be reachable from the
 * harness), which is why the host port is chosen before the start. Another image's configuration
 * is its operator's business.
 */
export function containerEnv(plan: ContainerPlan, origin: string): Record<string, string> {
  return plan.bundled ? { CPF_SITE_URL: origin } : {};
}

function apiPathOf(url: URL): string {
  return url.pathname.replace(/\/+$/, '');
}

/**
 * The profile as the host sees the container: baseUrl moves to the mapped origin (keeping its
 * path), and so does siteUrl when it shared baseUrl's origin; a siteUrl elsewhere stays. Every
 * other link under baseUrl's origin moves along (links a seed made absolute against the server's
 * own origin, such as expired picture or document links).
 */
export function rewriteProfileOrigin(profile: Profile, origin: string): Profile & { baseUrl: string } {
  const base = new URL(profile.baseUrl ?? `http://localhost:${BUNDLED_IMAGE.port}${BUNDLED_IMAGE.apiPath}`);
  const site = new URL(profile.siteUrl);
  const moved = moveLinks(profile, base.origin, origin) as Profile;
  return {
    ...moved,
    baseUrl: `${origin}${apiPathOf(base)}`,
    siteUrl: site.origin === base.origin ? `${origin}${apiPathOf(site)}` : profile.siteUrl,
  };
}

function moveLinks(value: unknown, from: string, to: string): unknown {
  if (typeof value === 'string') return isUnder(value, from) ? to + value.slice(from.length) : value;
  if (Array.isArray(value)) return value.map((v) => moveLinks(v, from, to));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, moveLinks(v, from, to)]));
  return value;
}

/** `http://0.0.0.0:8080/files/x` lies under `http://0.0.0.0:8080`; `http://0.0.0.0:80801/` does not. */
function isUnder(value: string, origin: string): boolean {
  return value === origin || (value.startsWith(origin) && '/?#'.includes(value.charAt(origin.length)));
}

/** The message for a machine without a reachable Docker engine (exit code 3). */
export function noEngineMessage(reason: string): string {
  return `--image needs a Docker engine, and none is reachable (${reason}). Fix: start Docker or set DOCKER_HOST, or run the implementation yourself and use --base-url URL --profile FILE instead`;
}
