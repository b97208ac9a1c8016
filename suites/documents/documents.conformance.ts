/**
 * Documents and pictures ("Resources and their fields > PDF response" and "> Picture list entry",
 * the pdf and pictures rows of the endpoint table, endpoint rules 6 and 7, Authentication 6 and 8).
 *
 * The PDF checks run as the primary customer against the profile's projects and create documents
 * (every pdf call stores one): they are `writes` checks, skipped in read-only runs. The default,
 * `type=service` and `type=check` answers of the calculable project are requested once and shared
 * by the checks that inspect them (support.ts), so the whole file sends about ten requests of the
 * primary customer. Signed links are fetched without token and without pacing: they are site URLs.
 *
 * The signature scheme and lifetime of links are not specified, so DOC-5 and DOC-18 are checked by
 * what is verifiable whatever the scheme, on every signed link of the answer: the link as handed out
 * serves, and it must not serve with any one query parameter changed (a numeric one, possibly the
 * expiry, made later) nor with the query of a link to another file (support.ts). Links of one
 * document may share their signature: the spec does not say a document's links are signed apart.
 *
 * Each check judges its own rule; what it reads to get on (a link, the list) is read onward
 * (support.ts `readPdfLinks`, `readPictureUrls`), so a `file.viewerUrl` that is no URL fails DOC-4
 * alone and skips the checks that would fetch it.
 */
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { absoluteUrlSchema, isUnderSiteUrl } from '../../spec/contract/common.js';
import { check, harnessProjectName } from '../harness/check.js';
import { PREREQUISITE, REFUSED, type ApiResponse } from '../harness/client.js';
import { expectError, expectSchema, expectStatus } from '../harness/expect-api.js';
import { readOnward } from '../harness/read-onward.js';
import { target } from '../harness/target.js';
import {
  distinctLinks,
  expectPdfFile,
  fetchLink,
  fingerprint,
  needsAll,
  needsCalculable,
  needsForeignProject,
  needsLocked,
  needsNoHeatpumpRight,
  needsOutsideRadius,
  needsPictures,
  pdfLinksOf,
  pdfOwner,
  pdfPath,
  picturesPath,
  readFileUrl,
  readPdfLinks,
  readPictureCount,
  readPictureUrls,
  resolvePictureUrl,
  served,
  sharedPdf,
  sharedPictures,
  swappedVariants,
  tamperedVariants,
  WRITES,
} from './support.js';
import { linkAndLicenseChecks } from './links-and-license.js';
import { expectAuthorizationUnless, needsExpiredUnlockedProject, OTHER_ORDER } from '../results/support.js';
import { absentProjectKey } from '../harness/absent-key.js';

const PDF = { ...WRITES, needs: needsCalculable };

/** A PDF answer's member read on the way to its own rule: the answer is DOC-1's (DOC-8's with a type). */
const readPdfMember = <S extends z.ZodType>(res: ApiResponse, schema: S, type?: string) =>
  readOnward(res, { status: 200, schema, owner: pdfOwner(type), what: `the PDF answer (type ${type ?? 'not given'})` });

linkAndLicenseChecks();

describe('GET /reports/{projectKey}/pdf: the PDF response', () => {
  check(
    'DOC-1',
    'GET .../pdf of a calculable project must answer 200 with a JSON object, not a PDF stream',
    async (t) => {
      const res = await sharedPdf(t);
      expectStatus(res, 200);
      // "JSON (not a PDF stream)"; its members are DOC-2 to DOC-4's.
      expect(res.headers['content-type'] ?? '', `the PDF response must be JSON, not a PDF stream; ${res.exchange.request.url}`).toMatch(/^application\/json\b/i);
      expectSchema(res, z.looseObject({}), 'PDF response');
      t.judged('DOC-1', 1, 'PDF response (default type) of resources.primaryProjectKeys.calculable');
    },
    PDF,
  );

  check(
    'DOC-2',
    '`linkToDocument` must be a full URL under {site_url}',
    async (t) => {
      const res = await sharedPdf(t);
      readPdfMember(res, z.looseObject({}));
      const { linkToDocument } = expectSchema(res, z.looseObject({ linkToDocument: absoluteUrlSchema }), 'PDF response');
      expect(isUnderSiteUrl(linkToDocument, target().siteUrl), `linkToDocument ${linkToDocument} must lie under ${target().siteUrl}`).toBe(true);
      t.judged('DOC-2', 1, 'linkToDocument of a PDF response');
    },
    PDF,
  );

  check(
    'DOC-3',
    '`file.url` must be a full URL under {site_url}',
    async (t) => {
      const res = await sharedPdf(t);
      readPdfMember(res, z.looseObject({}));
      const { file } = expectSchema(res, z.looseObject({ file: z.looseObject({ url: absoluteUrlSchema }) }), 'PDF response');
      expect(isUnderSiteUrl(file.url, target().siteUrl), `file.url ${file.url} must lie under ${target().siteUrl}`).toBe(true);
      t.judged('DOC-3', 1, 'file.url of a PDF response');
    },
    PDF,
  );

  check(
    'DOC-4',
    '`file.viewerUrl`, when present, must be a full URL under {site_url} (checked on the default, service and check documents)',
    async (t) => {
      const viewers: string[] = [];
      for (const type of [undefined, 'service', 'check']) {
        const res = await sharedPdf(t, type);
        const { file } = readPdfMember(res, z.looseObject({ file: z.looseObject({}) }), type);
        if (file.viewerUrl === undefined) continue;
        // "and, when present, `file.viewerUrl`" (full URLs under `{site_url}`).
        const body = expectSchema(res, z.looseObject({ file: z.looseObject({ viewerUrl: absoluteUrlSchema }) }), `PDF response (type ${type ?? 'not given'})`);
        viewers.push(body.file.viewerUrl);
      }
      if (viewers.length === 0) t.skip('no PDF response carried file.viewerUrl (it is optional: "when present")');
      for (const url of viewers) expect(isUnderSiteUrl(url, target().siteUrl), `file.viewerUrl ${url} must lie under ${target().siteUrl}`).toBe(true);
      t.judged('DOC-4', viewers.length, 'file.viewerUrl links of PDF responses (of 3 responses)');
    },
    PDF,
  );

  check(
    'DOC-23',
    'the links of the PDF response must be retrievable without token: file.url serves a PDF (starts with %PDF- and parses), linkToDocument and file.viewerUrl answer 2xx',
    async (t) => {
      const links = readPdfLinks(await sharedPdf(t));
      await expectPdfFile(await fetchLink(t, links.file.url));
      const others = pdfLinksOf('the default document', links).filter((l) => l.url !== links.file.url);
      for (const link of others) {
        const res = await fetchLink(t, link.url);
        expect(served(res.status), `${link.names.join(' = ')} must answer 2xx, got ${res.status}: ${link.url}`).toBe(true);
      }
      t.judged('DOC-23', 1 + others.length, 'links of a PDF response fetched (file.url served a PDF)');
    },
    PDF,
  );

  check(
    'DOC-5',
    'every signed link of the PDF response (linkToDocument, file.url, file.viewerUrl) must serve as handed out, and must not serve (no 2xx) with any query parameter altered (a numeric one made later, as an extended expiry) nor with the signature and expiry of another document',
    async (t) => {
      const ownLinks = readPdfLinks(await sharedPdf(t));
      const links = pdfLinksOf('the default document', ownLinks);
      // A second document (the shared type=service answer): its links carry another document's signature.
      const others = pdfLinksOf('the type=service document', readPdfLinks(await sharedPdf(t, 'service'), 'service'));
      const variants = [...links.flatMap(tamperedVariants), ...swappedVariants([...links, ...others])];
      if (variants.length === 0) t.skip(`no link of the PDF response has query parameters: where their signatures are cannot be told from outside (${links.map((l) => l.url).join(', ')})`);
      await expectPdfFile(await fetchLink(t, ownLinks.file.url));
      for (const link of links.filter((l) => l.url !== ownLinks.file.url)) {
        const res = await fetchLink(t, link.url);
        expect(served(res.status), `${link.names.join(' = ')} as handed out must serve, got ${res.status}: ${link.url}`).toBe(true);
      }
      for (const variant of variants) {
        const res = await fetchLink(t, variant.url);
        expect(served(res.status), `${variant.what} must be refused, got ${res.status}: ${variant.url}`).toBe(false);
      }
      t.judged('DOC-5', variants.length, `altered or swapped links refused (beside ${links.length} link${links.length === 1 ? '' : 's'} served as handed out)`);
    },
    PDF,
  );
});

describe('GET /reports/{projectKey}/pdf: the type parameter', () => {
  check(
    'DOC-8',
    'GET .../pdf must accept type=service and type=check (200 each)',
    async (t) => {
      expectStatus(await sharedPdf(t, 'service'), 200);
      expectStatus(await sharedPdf(t, 'check'), 200);
      t.judged('DOC-8', 2, 'PDF responses (type=service, type=check)');
    },
    PDF,
  );

  check(
    'DOC-7',
    'GET .../pdf without type must create the same kind of document as type=service (PDF title and page count), not the check',
    async (t) => {
      const docs: Record<string, string> = {};
      for (const type of [undefined, 'service', 'check']) {
        const url = readFileUrl(await sharedPdf(t, type), type);
        const file = await fetchLink(t, url);
        if (!served(file.status)) t.skip(`prerequisite missing: file.url of the ${type ?? 'default'} document answered ${file.status} (DOC-23 judges that): ${url}`);
        docs[type ?? 'default'] = fingerprint(await expectPdfFile(file));
      }
      if (docs.service === docs.check) {
        t.skip(`the service and check documents cannot be told apart by title and page count (both ${docs.service}); the webhook checks judge the default by document.type`);
      }
      expect(docs.default, `the default document (${docs.default}) must be a service document (${docs.service}), not a check (${docs.check})`).toBe(docs.service);
      t.judged('DOC-7', 3, 'documents compared (default, service, check)');
    },
    PDF,
  );

  check(
    'ERR-18',
    'GET .../pdf?type=invoice (neither service nor check) must give 422 validation',
    async (t) => {
      const key = t.profile.resources?.primaryProjectKeys?.calculable as string;
      expectError(await t.as('primary').get(pdfPath(key, '?type=invoice'), REFUSED), 422, 'validation');
    },
    PDF,
  );
});

describe('GET /reports/{projectKey}/pdf: access', () => {
  check(
    ['DOC-9', 'ERR-10'],
    'type=check without the heat-pump function right must give 403 authorization (own project of customers.noHeatpumpRight)',
    async (t) => {
      const actor = t.as('noHeatpumpRight');
      const calculable = t.profile.resources?.noHeatpumpRightCalculableKey;
      // Endpoint rule 6: "`type=check` additionally needs the heat-pump function right (403 when
      // missing)". Its own project, complete and inside the radius, fails the right alone, whichever
      // check comes first: 403.
      if (calculable) {
        expectError(await actor.get(pdfPath(calculable, '?type=check'), REFUSED), 403, 'authorization');
        return;
      }
      const plz = t.profile.resources?.postalCodes?.valid[0] as string;
      // Sent again past a gateway's answer: a project a lost answer leaves behind goes unused.
      const created = await actor.post('/reports/with-data', { projectData: { projektName: harnessProjectName('DOC-9 no heat-pump right'), projektPostleitzahl: plz } }, PREREQUISITE);
      const { key } = readOnward(created, {
        status: 201,
        schema: z.looseObject({ projektHeader: z.looseObject({ key: z.string().min(1) }) }),
        owner: 'PROJ-84',
        what: 'the project creation',
      }).projektHeader;
      // This new project has no rooms: endpoint rule 6 orders neither the right nor the data check first.
      expectAuthorizationUnless(
        t,
        await actor.get(pdfPath(key, '?type=check'), REFUSED),
        OTHER_ORDER.notCalculable('the new project of customers.noHeatpumpRight', 'resources.noHeatpumpRightCalculableKey'),
      );
    },
    { ...WRITES, needs: needsNoHeatpumpRight },
  );

  check(
    ['DOC-11', 'ERR-10'],
    'GET .../pdf of a project outside the license radius must give 403 authorization',
    async (t) => {
      const key = t.profile.resources?.primaryProjectKeys?.outsideRadius as string;
      expectAuthorizationUnless(t, await t.as('primary').get(pdfPath(key), REFUSED), OTHER_ORDER.notCalculable(`the project outside the radius ${key}`));
    },
    { ...WRITES, needs: needsOutsideRadius },
  );

  check(
    ['DOC-12', 'ERR-10'],
    'GET .../pdf by a locked customer without license must give 403 authorization',
    async (t) => {
      const own = t.profile.resources?.lockedCalculableKey;
      // Endpoint rule 6: "License, project and radius checks as for results" (rule 8: "403 when
      // missing"). Its own project, complete and inside the radius, fails the license check alone,
      // whichever check comes first: 403.
      if (own) {
        expectError(await t.as('locked').get(pdfPath(own), REFUSED), 403, 'authorization');
        return;
      }
      // Without it the key is one it does not own: 403 ("license ... missing") or 404 ("owned by
      // another customer"), and only 403 shows the license check.
      const key = t.profile.resources?.primaryProjectKeys?.calculable ?? absentProjectKey();
      expectAuthorizationUnless(t, await t.as('locked').get(pdfPath(key), REFUSED), OTHER_ORDER.notOwn);
    },
    { ...WRITES, needs: needsLocked },
  );

  check(
    ['DOC-13', 'ERR-10'],
    'GET .../pdf of an own project by an unlocked customer whose license has expired must give 403 authorization',
    async (t) => {
      const calculable = t.profile.resources?.expiredUnlockedCalculableKey;
      // Endpoint rule 6: "License, project and radius checks as for results" (rule 8: "403 when
      // missing"). Complete data inside the radius leaves the expired license as the one check to
      // fail, whichever comes first: 403.
      if (calculable) {
        expectError(await t.as('expiredUnlocked').get(pdfPath(calculable), REFUSED), 403, 'authorization');
        return;
      }
      const key = t.profile.resources?.expiredUnlockedProjectKey as string;
      expectAuthorizationUnless(
        t,
        await t.as('expiredUnlocked').get(pdfPath(key), REFUSED),
        OTHER_ORDER.notCalculable(`the expired customer's project ${key}`, 'resources.expiredUnlockedCalculableKey'),
      );
    },
    { ...WRITES, needs: needsExpiredUnlockedProject },
  );

  check(
    'DOC-14',
    'GET .../pdf of a foreign project and of a never-existing key must both give 404 not_found',
    async (t) => {
      const actor = await t.owner();
      const foreignKey = t.profile.resources?.foreignProjectKey as string;
      const missingKey = absentProjectKey();
      // "Ownership: foreign and non-existent projects ... give 404"; that the two answers are alike is AUTH-19's.
      expectError(await actor.get(pdfPath(foreignKey), REFUSED), 404, 'not_found');
      expectError(await actor.get(pdfPath(missingKey), REFUSED), 404, 'not_found');
    },
    { ...WRITES, needs: needsForeignProject },
  );
});

describe('GET /reports/{projectKey}/pictures', () => {
  check(
    'DOC-15',
    'GET .../pictures must answer 200 with a `pictures` array (further members may appear)',
    async (t) => {
      const res = await sharedPictures(t);
      expectStatus(res, 200);
      // "HTTP 200, `pictures[]`"; the items are DOC-16's.
      const { pictures } = expectSchema(res, z.looseObject({ pictures: z.array(z.unknown()) }), 'picture list');
      t.judged('DOC-15', undefined, `the picture list of resources.primaryProjectKeys.withPictures (${pictures.length} picture${pictures.length === 1 ? '' : 's'})`);
    },
    { needs: needsPictures },
  );

  check(
    'DOC-16',
    'every picture item must hold `id`, `url`, `type` and `roomName` (project with pictures: at least one item)',
    async (t) => {
      const res = await sharedPictures(t);
      const { pictures } = readOnward(res, { status: 200, schema: z.looseObject({ pictures: z.array(z.unknown()) }), owner: 'DOC-15', what: 'the picture list' });
      expect(pictures.length, `resources.primaryProjectKeys.withPictures must list at least one picture; ${res.text.slice(0, 200)}`).toBeGreaterThan(0);
      // "`pictures[]` items: `id`, `url` ..., `type`, `roomName`"; no JSON types are given but for the URL.
      expectSchema(res, z.looseObject({ pictures: z.array(z.looseObject({ id: z.unknown(), url: z.string().min(1), type: z.unknown(), roomName: z.unknown() })) }), 'picture list');
      t.judged('DOC-16', pictures.length, 'picture items');
    },
    { needs: needsPictures },
  );

  check(
    'DOC-17',
    'every picture url, resolved against the server origin (not the /api/v2 path) when relative, must serve the picture (2xx, an image or bytes, not empty)',
    async (t) => {
      const pictures = readPictureUrls(await sharedPictures(t));
      if (pictures.length === 0) t.skip('the project with pictures lists none');
      for (const picture of pictures) {
        const url = resolvePictureUrl(picture.url, target().baseUrl);
        const res = await fetchLink(t, url);
        const what = `picture ${String(picture.id)}: url ${JSON.stringify(picture.url)} resolved against the origin (${url})`;
        expect(served(res.status), `${what} must serve the picture, got ${res.status}`).toBe(true);
        // The spec names no content type; a picture comes as an image type or as plain bytes.
        expect(res.contentType, `${what} must be served as an image (or octet-stream), not as a page`).toMatch(/^(?:image\/|application\/octet-stream\b)/i);
        expect(res.bytes.length, `${what} must not be empty`).toBeGreaterThan(0);
      }
      t.judged('DOC-17', pictures.length, 'picture urls fetched');
    },
    { needs: needsPictures },
  );

  check(
    'DOC-18',
    'every picture link must serve as handed out, and must not serve (no 2xx) with any query parameter altered (a numeric one made later, as an extended expiry) nor with the signature and expiry of another picture',
    async (t) => {
      const pictures = readPictureUrls(await sharedPictures(t));
      if (pictures.length === 0) t.skip('the project with pictures lists none');
      const links = pictures.flatMap((p, i) => distinctLinks(`picture #${i + 1}`, [[`picture ${String(p.id)} url`, resolvePictureUrl(p.url, target().baseUrl)]]));
      const variants = [...links.flatMap(tamperedVariants), ...swappedVariants(links)];
      if (variants.length === 0) t.skip(`no picture url has query parameters: where their signatures are cannot be told from outside (${links.map((l) => l.url).join(', ')})`);
      for (const link of links) {
        const res = await fetchLink(t, link.url);
        expect(served(res.status), `the untampered ${link.names.join(' = ')} must serve, got ${res.status}: ${link.url}`).toBe(true);
      }
      for (const variant of variants) {
        const res = await fetchLink(t, variant.url);
        expect(served(res.status), `${variant.what} must be refused, got ${res.status}: ${variant.url}`).toBe(false);
      }
      t.judged('DOC-18', variants.length, `altered or swapped picture links refused (beside ${links.length} picture link${links.length === 1 ? '' : 's'} served as handed out)`);
    },
    { needs: needsPictures },
  );

  check(
    'DOC-20',
    'a POST of a picture to .../pictures must not be accepted (no 2xx) and must not add a picture to the list',
    async (t) => {
      const { actor, key } = await t.ownerWithProject();
      const before = readPictureCount(await actor.get(picturesPath(key)));
      const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
      const upload = await actor.post(picturesPath(key), { picture: { type: 'room', roomName: harnessProjectName('DOC-20'), contentType: 'image/png', data: png } });
      // "no upload endpoint exists"
      expect(served(upload.status), `POST ${picturesPath(key)} must not succeed (no upload endpoint exists), got ${upload.status}: ${upload.text.slice(0, 200)}`).toBe(false);
      expect(readPictureCount(await actor.get(picturesPath(key))), 'the picture list must not grow after the POST').toBe(before);
    },
    WRITES,
  );

  check(
    'DOC-22',
    'GET .../pictures of a foreign project and of a never-existing key must both give 404 not_found',
    async (t) => {
      const actor = await t.owner();
      const foreignKey = t.profile.resources?.foreignProjectKey as string;
      const missingKey = absentProjectKey();
      // "Ownership: foreign and non-existent projects ... give 404"; that the two answers are alike is AUTH-19's.
      expectError(await actor.get(picturesPath(foreignKey)), 404, 'not_found');
      expectError(await actor.get(picturesPath(missingKey)), 404, 'not_found');
    },
    { needs: needsAll(needsForeignProject) },
  );
});

// Endpoint rule 6: "generates and stores a document on every call". The default and the
// type=service answers are two calls for the same kind of document (shared with the checks above,
// no extra request): each must have stored its own document, the first still there after the second.
describe('GET /reports/{projectKey}/pdf: every call stores a document', () => {
  check(
    'DOC-10',
    'two pdf calls for a service document (default and type=service) must give two distinct file.url links, and both must serve a PDF after the second call',
    async (t) => {
      const first = readFileUrl(await sharedPdf(t));
      const second = readFileUrl(await sharedPdf(t, 'service'), 'service');
      expect(second, 'the second pdf call must link another stored document than the first').not.toBe(first);
      for (const url of [first, second]) await expectPdfFile(await fetchLink(t, url));
      t.judged('DOC-10', 2, 'stored documents of two pdf calls (default, type=service)');
    },
    PDF,
  );
});
