import type { Request, RequestHandler } from 'express';
import { isPlainObject, type Json } from './json-shapes.js';
import { isRoomWrite } from './paths.js';

/** The parsed `roomData` of a request body, or undefined (the route then answers its own 422). */
export function roomDataOf(req: Request): Json | undefined {
  const body: unknown = req.body;
  return isPlainObject(body) && isPlainObject(body.roomData) ? body.roomData : undefined;
}

/** Middleware (after parsing) that may rewrite the roomData of room writes (or of the requests `when` picks) in place. */
export function onRoomData(fn: (roomData: Json, req: Request) => void, when: (req: Request) => boolean = isRoomWrite): RequestHandler {
  return (req, _res, next) => {
    const roomData = when(req) ? roomDataOf(req) : undefined;
    if (roomData) fn(roomData, req);
    next();
  };
}
