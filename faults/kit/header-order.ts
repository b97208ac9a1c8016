import type { RequestHandler, Response } from 'express';

type WriteHead = (code: number, ...rest: unknown[]) => Response;

/**
 * Moves one response header behind all the others set so far, on answers whose status `when`
 * picks: the same names and values in another order. Hooked at writeHead, which Node calls for
 * every response once Express has set its headers (Content-Type, Content-Length included).
 */
export function moveHeaderLast(name: string, when: (status: number) => boolean): RequestHandler {
  return (_req, res, next) => {
    const target = res as unknown as { writeHead: WriteHead };
    const writeHead = target.writeHead.bind(res);
    target.writeHead = (code, ...rest) => {
      const value = res.getHeader(name);
      if (when(code) && value !== undefined) {
        res.removeHeader(name);
        res.setHeader(name, value);
      }
      return writeHead(code, ...rest);
    };
    next();
  };
}
