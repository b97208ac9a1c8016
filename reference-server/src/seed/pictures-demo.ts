import { randomBytes } from 'node:crypto';
import { encodePng } from './png.js';

/** Small generated photos standing in for the portal's uploads: a room with a window, a facade. */
export function demoPictures() {
  const room = encodePng(64, 48, (x, y) => (x > 20 && x < 44 && y > 8 && y < 30 ? [170, 210, 245] : [230, 220, 200 - (y % 8)]));
  const facade = encodePng(64, 48, (x, y) => (y < 14 ? [120, 170, 230] : (x + y) % 16 < 2 ? [150, 60, 50] : [200, 90, 70]));
  const picture = (type: string, roomName: string | null, bytes: Buffer) => ({
    publicId: `p${randomBytes(8).toString('hex')}`,
    roomName,
    type,
    contentType: 'image/png',
    bytes,
  });
  return [picture('room', 'Wohnzimmer', room), picture('room', 'Küche', room), picture('facade', null, facade)];
}
