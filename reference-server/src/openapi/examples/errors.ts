import { checkCalculable } from '../../calc/results.js';
import { parseFundingQuery } from '../../domain/funding-query.js';
import { parseEmptyCreateBody, parsePasswordBody, parseProjectWrite } from '../../domain/project-fields.js';
import { parseSystemTemperatures } from '../../domain/results-query.js';
import { parseRoomCreate, parseRoomPatch } from '../../domain/room-fields.js';
import { ApiError, errors } from '../../http/api-error.js';
import type { InvalidTokenLimit } from '../../rate-limit/fixed-window.js';
import type { Example } from './common.js';

/** The 422 the server's own validation gives for a bad input. */
function rejection(validate: () => unknown): ApiError {
  try {
    validate();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the example input was accepted');
}

const example = (summary: string, error: ApiError): Example => ({ summary, value: error.toBody() });

export const errorExamples = {
  malformedJson: example('Malformed JSON', errors.malformedJson()),
  duplicateMember: example('A name twice in one object', errors.malformedJson({ duplicateMember: 'projectData' })),
  loneSurrogate: example('An escaped lone surrogate', errors.malformedJson('loneSurrogate')),
  unauthenticated: example('Missing or invalid token, or a blocked customer', errors.unauthenticated()),
  forbiddenLicense: example('No valid license', errors.forbidden('Für diesen Kunden besteht keine gültige Lizenz.')),
  forbiddenRadius: example('Project outside the license radius', errors.forbidden('Das Projekt liegt außerhalb des Lizenzradius.')),
  notFound: example('Missing, foreign or malformed', errors.notFound()),
  payloadTooLarge: example('Body above 65536 bytes', errors.payloadTooLarge()),
  unsupportedMediaType: example('Body without Content-Type: application/json', errors.unsupportedMediaType()),
  rateLimited: example('Third request of a customer within a second', errors.rateLimited()),
  serverError: example('Internal error', errors.serverError()),
  serviceUnavailable: example('Maintenance or database unavailable', errors.serviceUnavailable()),
  emptyCreateBody: example('A field in the body of an empty creation', rejection(() => parseEmptyCreateBody({ projektName: 'Neubau' }))),
  projectFieldRange: example('Value out of range', rejection(() => parseProjectWrite({ projectData: { projektBewohner: 10001 } }))),
  projectUnknownField: example('Unknown field', rejection(() => parseProjectWrite({ projectData: { projektFarbe: 'rot' } }))),
  bothEnvelopes: example(
    'Both envelope names',
    rejection(() => parseProjectWrite({ projectData: { projektName: 'A' }, projektData: { projektName: 'B' } })),
  ),
  password: example('Password too short', rejection(() => parsePasswordBody({ newPassword: 'kurz' }))),
  roomNameMissing: example('Room without name', rejection(() => parseRoomCreate({ roomData: { raumFlaeche: 12 } }))),
  roomReadOnly: example('Read-only field sent', rejection(() => parseRoomPatch({ roomData: { raumEtageKuerzel: 'EG' } }))),
  fundingLimit: example('limit above 100', rejection(() => parseFundingQuery({ limit: '500' }))),
  fundingUnknown: example('Unknown list parameter', rejection(() => parseFundingQuery({ sort: 'asc' }))),
  systemTemperature: example('Flow temperature out of range', rejection(() => parseSystemTemperatures({ flowTemperature: '120', spread: '10' }))),
  calculationUnavailable: example(
    'Not enough data for a calculation',
    errors.calculationUnavailable(`Berechnung nicht möglich: ${checkCalculable({ postalCode: '10178', designOutdoorTemperature: -11.2, category: 'existing', rooms: [] })}`),
  ),
} satisfies Record<string, Example>;

export type ErrorExampleName = keyof typeof errorExamples;

/** The invalid-token 429 of a server running with the limit given. */
export const invalidTokenRateLimitedExample = (limit: InvalidTokenLimit): Example =>
  example('Too many requests with invalid tokens from one address', errors.invalidTokenRateLimited(limit));
