/**
 * Authentication 3: "stored tokens cannot be shown again"; Authentication 1: the token "is kept out
 * of URLs". Whatever the interface answers must therefore never carry an API token: no response
 * header, no body, no link it hands out, and no answer behind such a link.
 *
 * The checks make the typical calls (as a pool customer: list, detail, changes, password, rooms,
 * funding, refusals; as the primary customer, whose projects have the documents and pictures:
 * the PDF response, the picture list and every link in them, fetched) and search every answer for
 * every token of the profile, of every role, so a token of another customer leaking counts too.
 * Failure messages name the role and where the token was found, never the token itself.
 */
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { check, harnessProjectName, type CheckContext } from '../harness/check.js';
import type { ApiResponse } from '../harness/client.js';
import { readOnward } from '../harness/read-onward.js';
import { fetchLink, needsAll, needsCalculable, needsPictures, pdfPath, picturesPath, resolvePictureUrl } from '../documents/support.js';
import { target } from '../harness/target.js';
import { absentProjectKey } from '../harness/absent-key.js';

/** Every token of the profile, named by its role (`customers.primary #1`, `customers.pool[3] #2`). */
function profileTokens(t: CheckContext): { role: string; token: string }[] {
  const { pool, ...roles } = t.profile.customers;
  const named = Object.entries(roles).flatMap(([role, customer]) =>
    customer && typeof customer === 'object' ? customer.tokens.map((token, i) => ({ role: `customers.${role} #${i + 1}`, token })) : [],
  );
  const pooled = (pool ?? []).flatMap((customer, k) => customer.tokens.map((token, i) => ({ role: `customers.pool[${k}] #${i + 1}`, token })));
  return [...named, ...pooled];
}

/** Where in `parts` (named texts) a token of the profile occurs. */
function leaks(t: CheckContext, parts: readonly [where: string, text: string][]): string[] {
  const tokens = profileTokens(t);
  return parts.flatMap(([where, text]) => tokens.filter(({ token }) => text.includes(token)).map(({ role }) => `the token of ${role} in ${where}`));
}

function responseParts(res: ApiResponse): [string, string][] {
  const what = `the answer to ${res.exchange.request.method} ${res.exchange.request.url}`;
  return [...Object.entries(res.headers).map(([name, value]): [string, string] => [`header ${name} of ${what}`, `${name}: ${value}`]), [`the body of ${what}`, res.text]];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function expectNoLeak(t: CheckContext, parts: readonly [string, string][]): void {
  const found = leaks(t, parts);
  expect(found, `an API token must never be shown again nor put in a link; found ${found.length}: ${found.slice(0, 5).join('; ')}`).toEqual([]);
}

/** Registers the checks (called by the area's test file, so that its checks run concurrently in one file). */
export function tokenLeakChecks(): void {
  describe('no answer shows an API token', () => {
    check(
      'AUTH-12',
      'the answers to list, detail, creation, change, password, room, funding and refused requests of a customer must contain no API token of the profile (headers and bodies)',
      async (t) => {
        // Whatever each answers (its status and body are other rules'), none may show a token.
        const { actor, key } = await t.ownerWithProject();
        const answers: ApiResponse[] = [];
        answers.push(await actor.get('/reports'));
        answers.push(await actor.get(`/reports/${key}`));
        answers.push(await actor.post('/reports', {}));
        answers.push(await actor.patch(`/reports/${key}`, { projectData: { bemerkungen: harnessProjectName('AUTH-12') } }));
        answers.push(await actor.put(`/reports/${key}/password`, { newPassword: 'Kein-Token-im-Echo-42' }));
        answers.push(await actor.post(`/reports/${key}/rooms`, { roomData: { raumBezeichnung: harnessProjectName('AUTH-12 Raum') } }));
        answers.push(await actor.get(`/reports/${key}/rooms`));
        answers.push(await actor.get('/funding/applications'));
        answers.push(await actor.get(`/reports/${absentProjectKey()}`));
        answers.push(await actor.patch(`/reports/${key}`, { projectData: { unbekanntesFeld: 1 } }));
        expectNoLeak(t, answers.flatMap(responseParts));
      },
      { writes: true },
    );

    check(
      'AUTH-12',
      'the PDF response, the picture list, every link in them and the answers behind those links must contain no API token of the profile',
      async (t) => {
        const primary = t.as('primary');
        const keys = t.profile.resources?.primaryProjectKeys;
        // The links are read on the way (DOC-1 to DOC-4 and DOC-15 judge the answers); every part is searched.
        const pdf = await primary.get(pdfPath(keys?.calculable as string));
        const pictures = await primary.get(picturesPath(keys?.withPictures as string));
        const body = readOnward(pdf, {
          status: 200,
          schema: z.looseObject({ linkToDocument: z.unknown(), file: z.looseObject({ url: z.unknown(), viewerUrl: z.unknown() }).optional() }),
          owner: 'DOC-1',
          what: 'the PDF response',
        });
        const listed = readOnward(pictures, {
          status: 200,
          schema: z.looseObject({ pictures: z.array(z.looseObject({ url: z.unknown() })) }),
          owner: 'DOC-15',
          what: 'the picture list',
        }).pictures;
        const links = [body.linkToDocument, body.file?.url, body.file?.viewerUrl, ...listed.map((p) => (typeof p.url === 'string' ? resolvePictureUrl(p.url, target().baseUrl) : undefined))].filter(
          (link): link is string => typeof link === 'string' && URL.canParse(link),
        );
        const parts: [string, string][] = [...responseParts(pdf), ...responseParts(pictures)];
        for (const link of new Set(links)) {
          const file = await fetchLink(t, link);
          // Named by its path only: the query of a leaking link holds the token.
          const name = `the link to ${new URL(link).pathname}`;
          parts.push([name, link], [`${name} (URL-decoded)`, safeDecode(link)]);
          parts.push(...Object.entries(file.headers).map(([header, value]): [string, string] => [`header ${header} of the answer to ${name}`, `${header}: ${value}`]));
          parts.push([`the answer to ${name}`, file.bytes.toString('latin1')]);
        }
        expectNoLeak(t, parts);
      },
      { writes: true, needs: needsAll(needsCalculable, needsPictures) },
    );
  });
}
