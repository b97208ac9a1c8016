/**
 * PDF and picture responses, written from "Resources and their fields > Picture list entry",
 * "> PDF response" and endpoint rules 6 and 7.
 */
import { z } from 'zod';
import { absoluteUrlSchema } from './common.js';

/** Query `type` of `GET .../pdf`: "`service` (default) or `check`". */
export const PDF_TYPES = ['service', 'check'] as const;
export type PdfType = (typeof PDF_TYPES)[number];
export const DEFAULT_PDF_TYPE: PdfType = 'service';

/**
 * `file`: `url` (full URL under `{site_url}`) and "when present, `file.viewerUrl`". Open, because
 * "Other fields of the PDF response: not shown" covers the nested object too.
 */
export const pdfFileSchema = z.looseObject({
  url: absoluteUrlSchema,
  viewerUrl: absoluteUrlSchema.optional(),
});

/**
 * Open: "JSON (not a PDF stream) with `linkToDocument` and `file.url` ... Other fields of the PDF
 * response: not shown." Whether the URLs lie under the profile's site URL is checked with
 * `isUnderSiteUrl` from common.ts (the site URL is only known at run time).
 */
export const pdfResponseSchema = z.looseObject({
  linkToDocument: absoluteUrlSchema,
  file: pdfFileSchema,
});
export type PdfResponse = z.infer<typeof pdfResponseSchema>;

/**
 * Open item: "`pictures[]` items: `id`, `url` ..., `type`, `roomName`. Other item fields: not shown."
 * The spec gives no JSON types except that `url` is a URL that "may be relative", so `id` may be
 * text or a number and `roomName` may be null (a picture need not belong to a room); `type` names a
 * kind of picture, text.
 */
export const pictureSchema = z.looseObject({
  id: z.union([z.string(), z.number()]),
  url: z.string().min(1),
  type: z.string(),
  roomName: z.string().nullable(),
});
export type Picture = z.infer<typeof pictureSchema>;

/**
 * The endpoint table answers "HTTP 200, `pictures[]`": a `pictures` array, with no "only" (the value
 * of `action` is "not shown" for this response, so it may carry `status` and `action`, say).
 */
export const picturesResponseSchema = z.looseObject({
  pictures: z.array(pictureSchema),
});
export type PicturesResponse = z.infer<typeof picturesResponseSchema>;
