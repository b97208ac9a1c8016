/**
 * Picture links are "signed, time limited, confidential", document links "signed and time
 * limited" (Resources and their fields > Picture list entry, > PDF response); the picture list
 * is own data an unlocked customer reads also after the license expired (Authentication 7).
 *
 * The lifetime is not specified, so expiry is judged only on links the target itself handed out
 * whose lifetime has passed, from the profile (resources.expiredLinks; the bundled seed signs them
 * as handed out a day ago); without them the checks are skipped. An expired link must not serve
 * (no 2xx), whatever else the target answers. A refusal shows expiry only beside a fresh link of
 * the same shape (same origin, same path but for its last two segments, same query parameter
 * names) that serves: otherwise the refusal may come from the host, the path or a credential the
 * link lacks (a served expired link fails the rule all the same). So a fresh link is fetched first,
 * from the picture list of the project with pictures or from the calculable project's PDF answer
 * (shared with the PDF checks); without one that serves, the rule is not exercised.
 *
 * Confidential: the link is the only credential of the file it serves, meant for its holder. So
 * no shared cache (a proxy between holder and target) may store the answer, which would hand the
 * picture to others and serve it on past the link's expiry: the answer's Cache-Control must carry
 * `private` or `no-store` (RFC 9111 5.2.2.7 and 5.2.2.5).
 *
 * After license expiry: no license, radius or right check is named for the picture list, unlike
 * results and PDFs, so it must answer 200 for the unlocked customer whose license has expired.
 */
import { describe, expect } from 'vitest';
import type { Profile } from '../../spec/profile.schema.js';
import { z } from 'zod';
import { check, type CheckContext } from '../harness/check.js';
import { expectSchema, expectStatus } from '../harness/expect-api.js';
import { staysMissing } from '../harness/client.js';
import { target } from '../harness/target.js';
import {
  fetchLink,
  needsExpiredProject,
  needsPictures,
  pdfLinksOf,
  picturesPath,
  readPdfLinks,
  readPictureUrls,
  resolvePictureUrl,
  served,
  sharedPdf,
  sharedPictures,
} from './support.js';
const needsExpired = (which: 'picture' | 'document') => (p: Profile) =>
  p.resources?.expiredLinks?.[which] ? undefined : `resources.expiredLinks.${which} (a ${which} link of the target whose lifetime has passed)`;

/**
 * What two links of one kind share: origin, path segments but the last two (the file's id and
 * name), query parameter names. Under `--record` a link relative to a request names the recording
 * proxy's origin, and stands for the target's, which the profile's expired links name.
 */
function shapeOf(url: string): { origin: string; segments: string[]; params: string[] } {
  const u = new URL(url);
  const { baseUrl, recordedUpstream } = target();
  const origin = recordedUpstream !== undefined && u.origin === new URL(baseUrl).origin ? recordedUpstream : u.origin;
  return { origin, segments: u.pathname.split('/').filter((s) => s !== ''), params: [...new Set(u.searchParams.keys())].sort() };
}

function sameShape(a: string, b: string): boolean {
  const [x, y] = [shapeOf(a), shapeOf(b)];
  const fixed = Math.max(0, x.segments.length - 2);
  return (
    x.origin === y.origin &&
    x.segments.length === y.segments.length &&
    x.segments.slice(0, fixed).every((s, i) => s === y.segments[i]) &&
    x.params.join('&') === y.params.join('&')
  );
}

function describeShape(url: string): string {
  const { origin, segments, params } = shapeOf(url);
  const path = [...segments.slice(0, Math.max(0, segments.length - 2)), ...segments.slice(-2).map(() => '*')].join('/');
  return `${origin}/${path}${params.length > 0 ? `?${params.join('&')}` : ''}`;
}

/**
 * The positive control of an expiry check: the first fresh link of the expired link's shape that
 * the target hands out now, fetched; a reason when there is none or it does not serve.
 */
type Control = { ok: true; text: string } | { ok: false; reason: string };

async function freshControl(t: CheckContext, expired: string, read: () => Promise<readonly { name: string; url: string }[]>, source: string): Promise<Control> {
  let fresh: readonly { name: string; url: string }[];
  try {
    fresh = await read();
  } catch (err) {
    // The answer that hands out fresh links is its own rules' (DOC-1, DOC-15 and their kin): it leaves this rule unexercised.
    if (staysMissing(err)) return { ok: false, reason: err.message };
    throw err;
  }
  const match = fresh.find((link) => sameShape(link.url, expired));
  if (!match) {
    return { ok: false, reason: `no fresh link of ${source} has the shape of the expired one (${describeShape(expired)}; fresh: ${fresh.map((l) => describeShape(l.url)).join(', ') || 'none'}), so a refusal cannot be told from a link of another kind` };
  }
  const res = await fetchLink(t, match.url);
  if (!served(res.status)) return { ok: false, reason: `the fresh ${match.name} of the same shape answered ${res.status}, not 2xx, so a refusal of the expired one shows no expiry: ${match.url}` };
  return { ok: true, text: `expired link refused beside a fresh ${match.name} of the same shape served (${res.status})` };
}

/** The expired link must not serve; it judges the rule only when the control served. */
async function judgeExpired(t: CheckContext, rule: 'DOC-24' | 'DOC-25', which: 'picture' | 'document', control: Control): Promise<void> {
  const url = t.profile.resources?.expiredLinks?.[which] as string;
  const res = await fetchLink(t, url);
  // A served expired link breaks the rule whatever the control showed.
  expect(served(res.status), `the expired ${which} link must be refused, got ${res.status} (${res.contentType}): ${url}`).toBe(false);
  if (!control.ok) return t.notExercised(rule, control.reason);
  t.judged(rule, 1, `${control.text}; the expired one answered ${res.status}`);
}

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function linkAndLicenseChecks(): void {
  describe('link lifetime', () => {
    check(
      'DOC-24',
      'a picture link whose lifetime has passed (resources.expiredLinks.picture) must not serve the image (no 2xx)',
      async (t) => {
        const expired = t.profile.resources?.expiredLinks?.picture as string;
        const key = t.profile.resources?.primaryProjectKeys?.withPictures;
        const control = key
          ? await freshControl(
              t,
              expired,
              async () => readPictureUrls(await sharedPictures(t)).map((p) => ({ name: `picture ${String(p.id)} url`, url: resolvePictureUrl(p.url, target().baseUrl) })),
              `the picture list of resources.primaryProjectKeys.withPictures ${key}`,
            )
          : ({ ok: false, reason: 'profile has no resources.primaryProjectKeys.withPictures, whose picture list would give a fresh link of the same shape that serves' } as const);
        await judgeExpired(t, 'DOC-24', 'picture', control);
      },
      { needs: needsExpired('picture') },
    );

    check(
      'DOC-25',
      'a document link whose lifetime has passed (resources.expiredLinks.document) must not serve the document (no 2xx)',
      async (t) => {
        const expired = t.profile.resources?.expiredLinks?.document as string;
        const key = t.profile.resources?.primaryProjectKeys?.calculable;
        // A fresh document link needs a PDF, which stores a document (endpoint rule 6): the answer
        // the PDF checks share, so this check adds no PDF of its own.
        const control =
          key && !target().readOnly
            ? await freshControl(
                t,
                expired,
                async () => pdfLinksOf('the default document', readPdfLinks(await sharedPdf(t))).map((l) => ({ name: l.names.join(' = '), url: l.url })),
                `the PDF answer of resources.primaryProjectKeys.calculable ${key}`,
              )
            : ({
                ok: false,
                reason: key
                  ? 'read-only run: a fresh document link of the same shape would need a PDF, which stores a document'
                  : 'profile has no resources.primaryProjectKeys.calculable, whose PDF answer would give a fresh document link of the same shape that serves',
              } as const);
        await judgeExpired(t, 'DOC-25', 'document', control);
      },
      { needs: needsExpired('document') },
    );
  });

  describe('confidential picture links', () => {
    check(
      'DOC-26',
      'the answer to every picture link of the picture list must carry Cache-Control `private` or `no-store` (no shared cache may keep a confidential file)',
      async (t) => {
        const key = t.profile.resources?.primaryProjectKeys?.withPictures as string;
        const pictures = readPictureUrls(await t.as('primary').get(picturesPath(key)));
        if (pictures.length === 0) t.skip(`the picture list of resources.primaryProjectKeys.withPictures ${key} is empty`);
        for (const picture of pictures) {
          const url = resolvePictureUrl(picture.url, target().baseUrl);
          const res = await fetchLink(t, url);
          if (!served(res.status)) t.skip(`prerequisite missing: picture ${String(picture.id)} as handed out answered ${res.status}, not the picture (DOC-17 judges that): ${url}`);
          const directives = (res.headers['cache-control'] ?? '').toLowerCase().split(',').map((d) => d.trim().split('=')[0]);
          expect(
            directives.some((d) => d === 'private' || d === 'no-store'),
            `picture ${String(picture.id)} answered Cache-Control ${JSON.stringify(res.headers['cache-control'] ?? '(none)')}: a shared cache may store it; expected private or no-store: ${url}`,
          ).toBe(true);
        }
        t.judged('DOC-26', pictures.length, `picture link answers of ${key}`);
      },
      { needs: needsPictures },
    );
  });

  describe('GET /reports/{projectKey}/pictures after license expiry', () => {
    check(
      'DOC-27',
      'an unlocked customer whose annual license has expired must be able to read the picture list of an own project (200 with pictures[])',
      async (t) => {
        const key = t.profile.resources?.expiredUnlockedProjectKey as string;
        const res = await t.as('expiredUnlocked').get(picturesPath(key));
        expectStatus(res, 200);
        // "HTTP 200, `pictures[]`": the list itself; the items are DOC-16's.
        const { pictures } = expectSchema(res, z.looseObject({ pictures: z.array(z.unknown()) }), 'picture list');
        t.judged('DOC-27', undefined, `the picture list of ${key} read (${pictures.length} picture${pictures.length === 1 ? '' : 's'})`);
      },
      { needs: needsExpiredProject },
    );
  });
}
