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
 * expiry, made later) nor with the query of a link to another file (support.ts).
 */
import { describe, expect } from 'vitest';
import { picturesResponseSchema } from '../../spec/contract/documents.js';
import { isUnderSiteUrl } from '../../spec/contract/common.js';
import { check, harnessProjectName } from '../harness/check.js';
import { expectError, expectSchema, expectStatus } from '../harness/expect-api.js';
import { target } from '../harness/target.js';
import {
  distinctLinks,
  expectPdfFile,
  expectPdfResponse,
  fetchLink,
  fingerprint,
  needsAll,
  needsCalculable,
  needsExpiredProject,
  needsForeignProject,
  needsLocked,
  needsNoHeatpumpRight,
  needsOutsideRadius,
  needsPictures,
  neverExistingKey,
  pdfPath,
  picturesPath,
  resolvePictureUrl,
  sharedPdf,
  served,
  sharedPictures,
  swappedVariants,
  tamperedVariants,
  WRITES,
} from './support.js';
import { linkAndLicenseChecks } from './links-and-license.js';

const PDF = { ...WRITES, needs: needsCalculable };

linkAndLicenseChecks();

describe('GET /reports/{projectKey}/pdf: the PDF response', () => {
  check(
    'DOC-1',
    'GET .../pdf of a calculable project must answer 200 with JSON (not a PDF stream) holding linkToDocument and file.url',
    async (t) => {
      expectPdfResponse(await sharedPdf(t));
    },
    PDF,
  );

  check(
    'DOC-2',
    '`linkToDocument` must be a full URL under {site_url}',
    async (t) => {
      const body = expectPdfResponse(await sharedPdf(t));
      expect(isUnderSiteUrl(body.linkToDocument, target().siteUrl), `linkToDocument ${body.linkToDocument} must lie under ${target().siteUrl}`).toBe(true);
    },
    PDF,
  );

  check(
    'DOC-3',
    '`file.url` must be a full URL under {site_url}',
    async (t) => {
      const body = expectPdfResponse(await sharedPdf(t));
      expect(isUnderSiteUrl(body.file.url, target().siteUrl), `file.url ${body.file.url} must lie under ${target().siteUrl}`).toBe(true);
    },
    PDF,
  );

  check(
    'DOC-4',
    '`file.viewerUrl`, when present, must be a full URL under {site_url} (checked on the default, service and check documents)',
    async (t) => {
      const viewers = [];
      for (const type of [undefined, 'service', 'check']) {
        const viewerUrl = expectPdfResponse(await sharedPdf(t, type)).file.viewerUrl;
        if (viewerUrl !== undefined) viewers.push(viewerUrl);
      }
      if (viewers.length === 0) t.skip('no PDF response carried file.viewerUrl (it is optional: "when present")');
      for (const url of viewers) expect(isUnderSiteUrl(url, target().siteUrl), `file.viewerUrl ${url} must lie under ${target().siteUrl}`).toBe(true);
    },
    PDF,
  );

  check(
    'DOC-23',
    'the links of the PDF response must be retrievable without token: file.url serves a PDF (starts with %PDF- and parses), linkToDocument and file.viewerUrl answer 200',
    async (t) => {
      const body = expectPdfResponse(await sharedPdf(t));
      await expectPdfFile(await fetchLink(t, body.file.url));
      const link = await fetchLink(t, body.linkToDocument);
      expect(link.status, `linkToDocument ${body.linkToDocument} must answer 200`).toBe(200);
      if (body.file.viewerUrl !== undefined) {
        const viewer = await fetchLink(t, body.file.viewerUrl);
        expect(viewer.status, `file.viewerUrl ${body.file.viewerUrl} must answer 200`).toBe(200);
      }
    },
    PDF,
  );

  check(
    'DOC-5',
    'every signed link of the PDF response (linkToDocument, file.url, file.viewerUrl) must serve as handed out, and must not serve (no 2xx) with any query parameter altered (a numeric one made later, as an extended expiry) nor with the signature and expiry of another link',
    async (t) => {
      const body = expectPdfResponse(await sharedPdf(t));
      const viewerUrl = body.file.viewerUrl;
      const links = distinctLinks([['linkToDocument', body.linkToDocument], ['file.url', body.file.url], ...(viewerUrl === undefined ? [] : [['file.viewerUrl', viewerUrl] as [string, string]])]);
      // A second document (the shared type=service answer): its link carries another file's signature.
      const other = { names: ['file.url of the type=service document'], url: expectPdfResponse(await sharedPdf(t, 'service')).file.url };
      const variants = [...links.flatMap(tamperedVariants), ...swappedVariants([...links, other])];
      if (variants.length === 0) t.skip(`no link of the PDF response has query parameters: where their signatures are cannot be told from outside (${links.map((l) => l.url).join(', ')})`);
      await expectPdfFile(await fetchLink(t, body.file.url));
      for (const link of links.filter((l) => l.url !== body.file.url)) {
        const res = await fetchLink(t, link.url);
        expect(served(res.status), `${link.names.join(' = ')} as handed out must serve, got ${res.status}: ${link.url}`).toBe(true);
      }
      for (const variant of variants) {
        const res = await fetchLink(t, variant.url);
        expect(served(res.status), `${variant.what} must be refused, got ${res.status}: ${variant.url}`).toBe(false);
      }
    },
    PDF,
  );
});

describe('GET /reports/{projectKey}/pdf: the type parameter', () => {
  check(
    'DOC-8',
    'GET .../pdf must accept type=service and type=check (200 and the PDF response each)',
    async (t) => {
      expectPdfResponse(await sharedPdf(t, 'service'));
      expectPdfResponse(await sharedPdf(t, 'check'));
    },
    PDF,
  );

  check(
    'DOC-7',
    'GET .../pdf without type must create the same kind of document as type=service (PDF title and page count), not the check',
    async (t) => {
      const docs: Record<string, string> = {};
      for (const type of [undefined, 'service', 'check']) {
        const body = expectPdfResponse(await sharedPdf(t, type));
        docs[type ?? 'default'] = fingerprint(await expectPdfFile(await fetchLink(t, body.file.url)));
      }
      if (docs.service === docs.check) {
        t.skip(`the service and check documents cannot be told apart by title and page count (both ${docs.service}); the webhook checks judge the default by document.type`);
      }
      expect(docs.default, `the default document (${docs.default}) must be a service document (${docs.service}), not a check (${docs.check})`).toBe(docs.service);
    },
    PDF,
  );

  check(
    'ERR-18',
    'GET .../pdf?type=invoice (neither service nor check) must give 422 validation',
    async (t) => {
      const key = t.profile.resources?.primaryProjectKeys?.calculable as string;
      expectError(await t.as('primary').get(pdfPath(key, '?type=invoice')), 422, 'validation');
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
      const plz = t.profile.resources?.postalCodes?.valid[0] as string;
      const created = await actor.post('/reports/with-data', { projectData: { projektName: harnessProjectName('DOC-9 no heat-pump right'), projektPostleitzahl: plz } });
      expectStatus(created, 201);
      const key = created.json<{ projektHeader: { key: string } }>().projektHeader.key;
      // The right is missing whatever the project data: the 403 must come even though this new
      // project has no rooms (a calculation would answer 422 calculation_unavailable).
      expectError(await actor.get(pdfPath(key, '?type=check')), 403, 'authorization');
    },
    { ...WRITES, needs: needsNoHeatpumpRight },
  );

  check(
    ['DOC-11', 'ERR-10'],
    'GET .../pdf of a project outside the license radius must give 403 authorization',
    async (t) => {
      const key = t.profile.resources?.primaryProjectKeys?.outsideRadius as string;
      expectError(await t.as('primary').get(pdfPath(key)), 403, 'authorization');
    },
    { ...WRITES, needs: needsOutsideRadius },
  );

  check(
    ['DOC-12', 'ERR-10'],
    'GET .../pdf by a locked customer without license must give 403 authorization',
    async (t) => {
      // The locked customer's own keys are not in the profile; the license is missing whatever the key.
      const key = t.profile.resources?.primaryProjectKeys?.calculable ?? neverExistingKey();
      expectError(await t.as('locked').get(pdfPath(key)), 403, 'authorization');
    },
    { ...WRITES, needs: needsLocked },
  );

  check(
    ['DOC-13', 'ERR-10'],
    'GET .../pdf of an own project by an unlocked customer whose license has expired must give 403 authorization',
    async (t) => {
      const key = t.profile.resources?.expiredUnlockedProjectKey as string;
      expectError(await t.as('expiredUnlocked').get(pdfPath(key)), 403, 'authorization');
    },
    { ...WRITES, needs: needsExpiredProject },
  );

  check(
    'DOC-14',
    'GET .../pdf of a foreign project and of a never-existing key must both give the same 404 not_found',
    async (t) => {
      const actor = await t.owner();
      const foreignKey = t.profile.resources?.foreignProjectKey as string;
      const missingKey = neverExistingKey();
      const foreign = await actor.get(pdfPath(foreignKey));
      const missing = await actor.get(pdfPath(missingKey));
      const foreignBody = expectError(foreign, 404, 'not_found');
      const missingBody = expectError(missing, 404, 'not_found');
      expect(JSON.stringify(foreignBody).replaceAll(foreignKey, '{key}'), 'a foreign project must be indistinguishable from a missing one').toBe(JSON.stringify(missingBody).replaceAll(missingKey, '{key}'));
    },
    { ...WRITES, needs: needsForeignProject },
  );
});

describe('GET /reports/{projectKey}/pictures', () => {
  check(
    'DOC-15',
    'GET .../pictures must answer 200 with `{pictures: [...]}`',
    async (t) => {
      const { res } = await sharedPictures(t);
      expectSchema(res, picturesResponseSchema, 'picture list');
    },
    { needs: needsPictures },
  );

  check(
    'DOC-16',
    'every picture item must hold `id`, `url`, `type` and `roomName` (project with pictures: at least one item)',
    async (t) => {
      const { res, pictures } = await sharedPictures(t);
      expect(pictures.length, `resources.primaryProjectKeys.withPictures must list at least one picture; ${res.text.slice(0, 200)}`).toBeGreaterThan(0);
      for (const picture of pictures) {
        for (const field of ['id', 'url', 'type', 'roomName']) expect(Object.keys(picture), `picture item ${JSON.stringify(picture)}`).toContain(field);
      }
    },
    { needs: needsPictures },
  );

  check(
    'DOC-17',
    'every picture url, resolved against the server origin (not the /api/v2 path) when relative, must serve the image (200, an image content type)',
    async (t) => {
      const { pictures } = await sharedPictures(t);
      if (pictures.length === 0) t.skip('the project with pictures lists none');
      for (const picture of pictures) {
        const url = resolvePictureUrl(picture.url, target().baseUrl);
        const res = await fetchLink(t, url);
        expect(res.status, `picture ${picture.id}: url ${JSON.stringify(picture.url)} resolved against the origin (${url}) must answer 200`).toBe(200);
        expect(res.contentType, `picture ${picture.id}: ${url} must be served as an image`).toMatch(/^image\//i);
        expect(res.bytes.length, `picture ${picture.id}: ${url} must not be empty`).toBeGreaterThan(0);
      }
    },
    { needs: needsPictures },
  );

  check(
    'DOC-18',
    'every picture link must serve as handed out, and must not serve (no 2xx) with any query parameter altered (a numeric one made later, as an extended expiry) nor with the signature and expiry of another picture',
    async (t) => {
      const { pictures } = await sharedPictures(t);
      if (pictures.length === 0) t.skip('the project with pictures lists none');
      const links = distinctLinks(pictures.map((p) => [`picture ${p.id} url`, resolvePictureUrl(p.url, target().baseUrl)]));
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
    },
    { needs: needsPictures },
  );

  check(
    'DOC-20',
    'a POST of a picture to .../pictures must not be accepted (no 2xx) and must not add a picture to the list',
    async (t) => {
      const { actor, key } = await t.ownerWithProject();
      const listBefore = await actor.get(picturesPath(key));
      expectStatus(listBefore, 200);
      const before = expectSchema(listBefore, picturesResponseSchema, 'picture list').pictures.length;
      const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
      const upload = await actor.post(picturesPath(key), { picture: { type: 'room', roomName: harnessProjectName('DOC-20'), contentType: 'image/png', data: png } });
      expect(upload.status >= 200 && upload.status < 300, `POST ${picturesPath(key)} must not succeed (no upload endpoint exists), got ${upload.status}: ${upload.text.slice(0, 200)}`).toBe(false);
      const listAfter = await actor.get(picturesPath(key));
      expectStatus(listAfter, 200);
      expect(expectSchema(listAfter, picturesResponseSchema, 'picture list').pictures.length, 'the picture list must not grow after the POST').toBe(before);
    },
    WRITES,
  );

  check(
    'DOC-22',
    'GET .../pictures of a foreign project and of a never-existing key must both give the same 404 not_found',
    async (t) => {
      const actor = await t.owner();
      const foreignKey = t.profile.resources?.foreignProjectKey as string;
      const missingKey = neverExistingKey();
      const foreignBody = expectError(await actor.get(picturesPath(foreignKey)), 404, 'not_found');
      const missingBody = expectError(await actor.get(picturesPath(missingKey)), 404, 'not_found');
      expect(JSON.stringify(foreignBody).replaceAll(foreignKey, '{key}'), 'a foreign project must be indistinguishable from a missing one').toBe(JSON.stringify(missingBody).replaceAll(missingKey, '{key}'));
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
      const first = expectPdfResponse(await sharedPdf(t)).file.url;
      const second = expectPdfResponse(await sharedPdf(t, 'service')).file.url;
      expect(second, 'the second pdf call must link another stored document than the first').not.toBe(first);
      for (const url of [first, second]) await expectPdfFile(await fetchLink(t, url));
    },
    PDF,
  );
});
