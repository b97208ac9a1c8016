import type { Request, Response } from 'express';

/**
 * A fault's own answer, given once the request's body has arrived (dropped unread). Answered
 * before, with the connection closed, the body's last bytes would meet a closed socket, whose reset
 * can take the answer with it on the wire (RFC 9112 9.6): the recording proxy would answer 502 in
 * its place, and a check would get no answer of the fault to judge.
 */
export function answerAfterBody(req: Request, res: Response, status: number, body: unknown): void {
  const answer = () => res.status(status).json(body);
  if (req.readableEnded) return void answer();
  req.once('end', answer);
  req.resume();
}
