import { freedoms } from './freedom.js';

/** Freedoms of the documents area: each quotes the spec's words that leave the reading open. */
export const documentsFreedoms = freedoms('documents', [
  {
    id: 'FREE-DOC-1',
    quote: 'JSON (not a PDF stream) with `linkToDocument` and `file.url` ... Other fields of the PDF response: not shown.',
    reading:
      'the PDF response may carry any further members, at its top and in `file` (a document id, an expiry, another `action`), and none of the ones the reference server sends (`status`, `action`, `file.name`, `file.size`, `file.type`)',
  },
  {
    id: 'FREE-DOC-2',
    quote: 'and, when present, `file.viewerUrl`',
    reading: '`file.viewerUrl` may be absent, for some documents (a heat-pump check, say) or for all',
  },
  {
    id: 'FREE-DOC-3',
    quote: 'with `linkToDocument` and `file.url` (full URLs under `{site_url}`)',
    reading: '`linkToDocument` may lead to another page than `file.url` (the viewer page, HTML rather than the PDF itself), as long as it answers',
  },
  {
    id: 'FREE-DOC-4',
    quote: 'Links are signed and time limited. ... `url` (signed, time limited, confidential; ...)',
    reading: 'the lifetime of document and picture links is the implementation\'s (10 minutes for documents and 5 for pictures as well as the reference server\'s hour and quarter hour); the kit judges expiry only on links the profile names as expired',
  },
  {
    id: 'FREE-DOC-5',
    quote: 'Links are signed and time limited.',
    reading:
      'the signature scheme is the implementation\'s: a signature may bind the document rather than one link of it, so that the file and viewer links of one document carry the same signature and each serves with the other\'s; a link must still be refused when altered or carrying another document\'s signature',
  },
  {
    id: 'FREE-DOC-6',
    quote: '`url` (signed, time limited, confidential; may be relative and then resolves against the server origin, not against the `/api/v2` path)',
    reading: 'a picture `url` may be relative or absolute',
  },
  {
    id: 'FREE-DOC-7',
    quote: '`pictures[]` items: `id`, `url` (...), `type`, `roomName`. Other item fields: not shown.',
    reading: 'picture items may carry further members (a size, a time of capture), and `id` may be a number as well as text: the spec gives it no JSON type',
  },
  {
    id: 'FREE-DOC-8',
    quote: '| GET | `/reports/{projectKey}/pictures` | token | none | HTTP 200, `pictures[]` | ... Value of `action` in all responses except createReport, getResults and getFundingApplication: not shown.',
    reading: 'the picture list answer may carry members next to `pictures` (`status`, `action`, a count)',
  },
]);
