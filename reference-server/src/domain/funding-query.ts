import { z } from 'zod';
import { errors } from '../http/api-error.js';

export const FUNDING_PAGE = { defaultLimit: 50, maxLimit: 100, maxPage: 1_000_000 } as const;

const positiveInteger = (max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/)
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

export const fundingQuerySchema = z.strictObject({
  page: positiveInteger(FUNDING_PAGE.maxPage).optional(),
  limit: positiveInteger(FUNDING_PAGE.maxLimit).optional(),
});

/** `page` and `limit` of the funding lists; anything unknown, repeated or out of range is a 422. */
export function parseFundingQuery(query: Record<string, unknown>): { page: number; limit: number } {
  const result = fundingQuerySchema.safeParse(query);
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = issue?.code === 'unrecognized_keys' ? issue.keys[0] : String(issue?.path[0] ?? '');
    const message =
      issue?.code === 'unrecognized_keys'
        ? `Unbekannter Listenparameter ${field}.`
        : `Ungültiger Wert für ${field}: ${field === 'page' ? `ganze Zahl von 1 bis ${FUNDING_PAGE.maxPage}` : `ganze Zahl von 1 bis ${FUNDING_PAGE.maxLimit}`} erwartet.`;
    throw errors.validation(message, field);
  }
  return { page: result.data.page ?? 1, limit: result.data.limit ?? FUNDING_PAGE.defaultLimit };
}
