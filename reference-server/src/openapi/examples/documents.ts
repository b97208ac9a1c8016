import { LINK_LIFETIME } from '../../domain/signed-links.js';
import { documentPath, picturePath, viewerPath } from '../../domain/site-paths.js';
import { buildPdfGeneratedDelivery } from '../../webhook/payload.js';
import { EXAMPLE_PROJECT_KEY, EXAMPLE_SITE_URL, EXAMPLE_TIME, exampleSigner, type Example } from './common.js';

const DOCUMENT_ID = 17;
const name = `heizlastbericht-${EXAMPLE_PROJECT_KEY}-20250304T081500.pdf`;
const url = `${EXAMPLE_SITE_URL}${exampleSigner.sign(documentPath(DOCUMENT_ID, name), LINK_LIFETIME.documentSeconds)}`;
const viewerUrl = `${EXAMPLE_SITE_URL}${exampleSigner.sign(viewerPath(DOCUMENT_ID), LINK_LIFETIME.documentSeconds)}`;

export const pdfExample: Example = {
  summary: 'A stored heat-load report',
  value: { status: 200, action: 'getPdf', linkToDocument: url, file: { url, viewerUrl, name, size: 48213, type: 'service' } },
};

const picture = (id: string, type: string, roomName: string | null) => ({
  id,
  url: exampleSigner.sign(picturePath(id), LINK_LIFETIME.pictureSeconds),
  type,
  roomName,
});

export const picturesExample: Example = {
  summary: 'Pictures of a project',
  value: { pictures: [picture('p5a1c9e07b3d2f486', 'room', 'Wohnzimmer'), picture('p0d7e3b9a5c1f2468', 'facade', null)] },
};

export const pdfGeneratedExample: Example = {
  summary: 'First document of a project',
  value: buildPdfGeneratedDelivery({
    projectKey: EXAMPLE_PROJECT_KEY,
    document: { id: DOCUMENT_ID, type: 'service', name, size: 48213, url, viewerUrl, temporary: false },
    authenticate: 'cpf-demo-authenticate',
    eventId: '5f0c2d8e-7a41-4b9e-9c3d-2e6f8a1b0c47',
    generatedAt: EXAMPLE_TIME,
  }).payload,
};
