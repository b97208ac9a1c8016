/**
 * Picture links are "signed, time limited, confidential", document links "signed and time
 * limited" (Resources and their fields > Picture list entry, > PDF response); the picture list
 * is own data an unlocked customer reads also after the license expired (Authentication 7).
 *
 * The lifetime is not specified, so expiry is judged only on links the target itself handed out
 * whose lifetime has passed, from the profile (resources.expiredLinks; the bundled seed signs them
 * as handed out a day ago); without them the checks are skipped. An expired link must not serve
 * (no 2xx), whatever else the target answers.
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
import { check } from '../harness/check.js';
import { expectSchema, expectStatus } from '../harness/expect-api.js';
import { target } from '../harness/target.js';
import { fetchLink, needsExpiredProject, needsPictures, picturesPath, readPictureUrls, resolvePictureUrl, served } from './support.js';
const needsExpired = (which: 'picture' | 'document') => (p: Profile) =>
  p.resources?.expiredLinks?.[which] ? undefined : `resources.expiredLinks.${which} (a ${which} link of the target whose lifetime has passed)`;

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function linkAndLicenseChecks(): void {
  describe('link lifetime', () => {
    check(
      'DOC-24',
      'a picture link whose lifetime has passed (resources.expiredLinks.picture) must not serve the image (no 2xx)',
      async (t) => {
        const url = t.profile.resources?.expiredLinks?.picture as string;
        const res = await fetchLink(t, url);
        expect(served(res.status), `the expired picture link must be refused, got ${res.status} (${res.contentType}): ${url}`).toBe(false);
      },
      { needs: needsExpired('picture') },
    );

    check(
      'DOC-25',
      'a document link whose lifetime has passed (resources.expiredLinks.document) must not serve the document (no 2xx)',
      async (t) => {
        const url = t.profile.resources?.expiredLinks?.document as string;
        const res = await fetchLink(t, url);
        expect(served(res.status), `the expired document link must be refused, got ${res.status} (${res.contentType}): ${url}`).toBe(false);
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
        expectSchema(res, z.looseObject({ pictures: z.array(z.unknown()) }), 'picture list');
      },
      { needs: needsExpiredProject },
    );
  });
}
