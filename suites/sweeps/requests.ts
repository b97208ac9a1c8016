/**
 * Requests built from a row of the endpoint table: its method, its path with the given values,
 * and its minimal valid body (or the raw bytes a check sends instead).
 */
import { fillPath, type Endpoint } from '../../spec/endpoints.js';
import type { Actor, ApiResponse, SendOptions } from '../harness/client.js';
import type { PathValues } from './path-values.js';

export interface EndpointRequest {
  /** Label for names and notes in the minimal body (see Endpoint.minimalBody). */
  text: string;
  headers?: Record<string, string>;
  /** Exact body bytes instead of the minimal body (malformed JSON, sizes, other formats). */
  raw?: string;
  /** Content type for `raw`; null sends none. */
  contentType?: string | null;
  /** Query string without `?`. */
  query?: string;
  /** Why it may be sent again past a gateway's answer whatever its method (SendOptions.repeatable). */
  repeatable?: SendOptions['repeatable'];
}

export function send(actor: Actor, endpoint: Endpoint, values: PathValues, request: EndpointRequest): Promise<ApiResponse> {
  const path = `${fillPath(endpoint, values)}${request.query ? `?${request.query}` : ''}`;
  const options: SendOptions = { ...(request.headers ? { headers: request.headers } : {}), ...(request.repeatable ? { repeatable: request.repeatable } : {}) };
  if (request.raw !== undefined) {
    options.raw = request.raw;
    if (request.contentType !== undefined) options.contentType = request.contentType;
  } else {
    const body = endpoint.minimalBody(request.text);
    if (body !== undefined) options.body = body;
  }
  return actor.send(endpoint.method, path, options);
}
