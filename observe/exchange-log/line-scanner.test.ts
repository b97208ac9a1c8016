import { describe, expect, it } from 'vitest';
import { LineScanner, type ScannedLine } from './line-scanner.js';

const text = (lines: ScannedLine[]) => lines.map((l) => (l.kind === 'line' ? `${l.line}:${l.bytes.toString()}` : `${l.line}:oversize ${l.bytes}`));

describe('LineScanner', () => {
  it('splits on LF, drops a CR before it, and gives a last line without a line end', () => {
    const scanner = new LineScanner(100);
    expect(text(scanner.push(Buffer.from('ab\r\ncd\nef')))).toEqual(['1:ab', '2:cd']);
    expect(text(scanner.push(Buffer.from('gh\r')))).toEqual([]);
    expect(text(scanner.push(Buffer.from('\n\nij')))).toEqual(['3:efgh', '4:']);
    expect(text([scanner.end() as ScannedLine])).toEqual(['5:ij']);
    expect(scanner.end()).toBeUndefined();
  });

  it('counts a line over the cap without holding it, within a chunk and across chunks, to the end of the file', () => {
    const scanner = new LineScanner(4);
    expect(text(scanner.push(Buffer.from('12345\nab\n123')))).toEqual(['1:oversize 5', '2:ab']);
    expect(text(scanner.push(Buffer.from('4567')))).toEqual([]);
    expect(text(scanner.push(Buffer.from('89\nok')))).toEqual(['3:oversize 9']);
    expect(scanner.highWaterMark).toBeLessThanOrEqual(4);
    expect(text(scanner.push(Buffer.from('ay12345')))).toEqual([]);
    expect(text([scanner.end() as ScannedLine])).toEqual(['4:oversize 9']);
  });
});
