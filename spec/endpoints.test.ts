import { describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  endpointById,
  fillPath,
  JSON_BODY_ENDPOINTS,
  matchesEndpoint,
  MAX_BODY_BYTES,
  PROJECT_KEY_ENDPOINTS,
  PROTECTED_ENDPOINTS,
} from './endpoints.js';

describe('endpoint table', () => {
  it('has the rows of the spec: 3 public, 16 protected, unique ids and method+path pairs', () => {
    expect(ENDPOINTS.filter((e) => e.access === 'public').map((e) => `${e.method} ${e.path}`)).toEqual(['GET /', 'GET /health', 'OPTIONS *']);
    expect(PROTECTED_ENDPOINTS).toHaveLength(16);
    expect(new Set(ENDPOINTS.map((e) => e.id)).size).toBe(ENDPOINTS.length);
    expect(new Set(ENDPOINTS.map((e) => `${e.method} ${e.path}`)).size).toBe(ENDPOINTS.length);
  });

  it('derives the endpoints with a JSON body and with a project key from the rows', () => {
    expect(JSON_BODY_ENDPOINTS.map((e) => e.id)).toEqual(['reports.create', 'reports.create-with-data', 'reports.change', 'reports.password', 'rooms.create', 'rooms.change']);
    expect(PROJECT_KEY_ENDPOINTS).toHaveLength(11);
    expect(PROJECT_KEY_ENDPOINTS.every((e) => e.path.startsWith('/reports/{projectKey}'))).toBe(true);
  });

  it('gives a minimal JSON body exactly where the row takes one, well under the size limit', () => {
    for (const e of ENDPOINTS) {
      const body = e.minimalBody('cpf-conformance x');
      if (e.body === 'none') expect(body, e.id).toBeUndefined();
      else expect(Buffer.byteLength(JSON.stringify(body)), e.id).toBeLessThan(MAX_BODY_BYTES / 100);
    }
  });

  it('fills path parameters URL-encoded and refuses a missing one', () => {
    const room = endpointById('rooms.change');
    expect(fillPath(room, { projectKey: 'abcdefghi', roomId: 'r 1/2' })).toBe('/reports/abcdefghi/rooms/r%201%2F2');
    expect(() => fillPath(room, { projectKey: 'abcdefghi' })).toThrow(/roomId/);
  });

  it('matches request paths to their row only', () => {
    expect(matchesEndpoint(endpointById('reports.detail'), 'GET', '/reports/ABCdefghi')).toBe(true);
    expect(matchesEndpoint(endpointById('reports.detail'), 'GET', '/reports/with-data')).toBe(false);
    expect(matchesEndpoint(endpointById('reports.detail'), 'PATCH', '/reports/abcdefghi')).toBe(false);
    expect(matchesEndpoint(endpointById('rooms.detail'), 'GET', '/reports/abcdefghi/rooms/r0001')).toBe(true);
    expect(matchesEndpoint(endpointById('rooms.list'), 'GET', '/reports/abcdefghi/rooms/r0001')).toBe(false);
    expect(matchesEndpoint(endpointById('funding.detail'), 'GET', '/funding/applications')).toBe(false);
    expect(matchesEndpoint(endpointById('funding.project-list'), 'GET', '/reports/abcdefghi/funding/applications')).toBe(true);
  });
});
