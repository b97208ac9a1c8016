import { describe, expect, it } from 'vitest';
import { HarEntryScanner, HarSyntaxError, MAX_DEPTH, type ScannedEntry } from './har-entries.js';

/** Feeds `input` to a scanner in chunks of the given sizes (cycled); whole by default. */
function scan(input: string | Buffer, sizes: readonly number[] = [Number.MAX_SAFE_INTEGER], maxEntryBytes?: number) {
  const bytes = typeof input === 'string' ? Buffer.from(input) : input;
  const scanner = new HarEntryScanner(maxEntryBytes);
  const scanned: ScannedEntry[] = [];
  for (let at = 0, k = 0; at < bytes.length; k++) {
    const size = sizes[k % sizes.length] as number;
    scanned.push(...scanner.push(bytes.subarray(at, at + size)));
    at += size;
  }
  scanner.end();
  return { scanned, scanner, bytes };
}

const values = (scanned: ScannedEntry[]) => scanned.map((e) => (e.kind === 'entry' ? e.value : e));

/** Every chunking the tests try: one size at a time from 1 to 7 bytes, and a mix of them. */
const CHUNKINGS = [[1], [2], [3], [4], [5], [6], [7], [3, 1, 7, 2, 5, 4, 6, 1, 1]];

const TRICKY_ENTRIES = [
  { request: { url: 'https://x.test/a?q=]}', headers: [{ name: 'x', value: '{"nested": [1, 2]}' }] }, text: 'quote " backslash \\ slash /' },
  { text: 'é raw, ü, 😀 four bytes, 中文', escaped: '\u00e9\u0000\u001f\ud83d\ude00', brackets: '[[[{{{' },
  { numbers: [0, -7, 12, -3.25, 1e3, 2e-7, 6.02e23, -1.5e-300], literals: [true, false, null], empty: [{}, [], ''] },
  { deep: { a: [{ b: [[{ c: ']' }]] }] } },
];

/** The entries amid what a HAR has around them, in unusual places, and with other `entries` keys that are not the HAR's. */
function trickyHar(spacing: string | number = 1): string {
  const entries = JSON.stringify(TRICKY_ENTRIES, null, spacing);
  return `\r\n { "log" :\t{ "entries" : ${entries}, "creator": { "name": "x", "entries": [{"not": "an entry"}] },
    "version": "1.2", "pages": [ { "id": "p", "entries": [1, 2] } ], "comment": "} ] \\" \\u007d" } ,
    "entries": [ "not under log" ] }\n`;
}

describe('HarEntryScanner', () => {
  it('hands on each element of log.entries, in order, with its index and byte offset, and nothing else', () => {
    const { scanned, bytes } = scan(trickyHar());
    expect(values(scanned)).toEqual(TRICKY_ENTRIES);
    expect(scanned.map((e) => e.index)).toEqual([0, 1, 2, 3]);
    for (const e of scanned) expect(bytes[e.offset]).toBe('{'.charCodeAt(0));
  });

  it('gives the same entries for chunks of 1 to 7 bytes, split anywhere (inside escapes, multi-byte characters, numbers, literals, keys)', () => {
    for (const spacing of [0, 1, '\t']) {
      const whole = scan(trickyHar(spacing)).scanned;
      for (const sizes of CHUNKINGS) expect(scan(trickyHar(spacing), sizes).scanned, `chunks ${sizes.join(',')}`).toEqual(whole);
    }
  });

  it('finds log and entries however they come before or after the other keys, and when spelt with escapes', () => {
    const before = '{"log":{"entries":[{"a":1}],"version":"1.2","creator":{"name":"c","version":"1"},"pages":[]}}';
    const after = '{"comment":"x","log":{"version":"1.2","pages":[{"id":"p"}],"creator":{"name":"c","version":"1"},"entries":[{"a":1}]}}';
    const escaped = '{"l\\u006fg":{"entr\\u0069es":[{"a":1}]}}';
    for (const doc of [before, after, escaped]) expect(values(scan(doc).scanned)).toEqual([{ a: 1 }]);
  });

  it('hands on entries that are not objects as they are, for the schema to refuse', () => {
    const { scanned } = scan('{"log":{"entries":[0,-0,12,-3.25,1e3,2E-7,6.02e+23,true,false,null,"s",[],{}]}}');
    expect(values(scanned)).toEqual([0, -0, 12, -3.25, 1e3, 2e-7, 6.02e23, true, false, null, 's', [], {}]);
  });

  it('accepts a UTF-8 byte order mark before the document, also split over chunks', () => {
    const doc = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"log":{"entries":[{"a":"é"}]}}')]);
    for (const sizes of CHUNKINGS) expect(values(scan(doc, sizes).scanned)).toEqual([{ a: 'é' }]);
  });

  it('skips an entry longer than the cap, naming its index, reads the ones after it, and never holds more than the cap', () => {
    const big = { body: 'x'.repeat(1000) };
    const doc = JSON.stringify({ log: { entries: [{ a: 1 }, big, { b: 2 }] } });
    const bigOffset = doc.indexOf('{"body"');
    for (const sizes of [...CHUNKINGS, [Number.MAX_SAFE_INTEGER]]) {
      const { scanned, scanner } = scan(doc, sizes, 256);
      expect(scanned).toEqual([
        { kind: 'entry', index: 0, offset: doc.indexOf('{"a"'), value: { a: 1 } },
        { kind: 'oversize', index: 1, offset: bigOffset, bytes: JSON.stringify(big).length },
        { kind: 'entry', index: 2, offset: doc.indexOf('{"b"'), value: { b: 2 } },
      ]);
      expect(scanner.highWaterMark).toBeLessThanOrEqual(256);
    }
  });

  it('holds at most one entry, however many the file has', () => {
    const entry = { request: { method: 'GET', url: 'https://x.test/reports' }, response: { status: 200 } };
    const doc = `{"log":{"entries":[${Array.from({ length: 20_000 }, () => JSON.stringify(entry)).join(',')}]}}`;
    const { scanned, scanner } = scan(doc, [7], 4096);
    expect(scanned).toHaveLength(20_000);
    // Every entry spans chunks of 7 bytes, so each is held; the buffer is sized by the cap, not the file.
    expect(scanner.highWaterMark).toBeGreaterThan(0);
    expect(scanner.highWaterMark).toBeLessThanOrEqual(4096);
  });

  it('hands on the same entries whether found after the bytes that ended the ones before or by following their strings and brackets', () => {
    // The same first key as the entries inside an entry, and the separator's bytes inside strings.
    const entries = Array.from({ length: 40 }, (_, i) => ({ startedDateTime: `t${i}`, list: [{ startedDateTime: 1 }, { startedDateTime: 2 }], text: `"},{"startedDateTime" },\n  {\n    "startedDateTime"`, n: i }));
    const mixed = entries.map((e, i) => (i % 7 === 3 ? { first: i, ...e } : e));
    for (const list of [entries, mixed])
      for (const spacing of [0, 2]) {
        const doc = JSON.stringify({ log: { entries: list } }, null, spacing);
        for (const sizes of [[Number.MAX_SAFE_INTEGER], [1], [3, 1, 7, 2, 5, 4, 6, 1, 1], [500]]) expect(values(scan(doc, sizes).scanned)).toEqual(list);
      }
  });

  it('finds a fault inside an entry at the byte and with the reason the walk of the whole file gives', () => {
    // The walk goes over the same bytes byte by byte where they are not in log.entries: under another key of log, 7 bytes later.
    const walked = (doc: string) => doc.replace('{"log":{"entries":', '{"log":{"entries":[],"x":');
    const outcome = (doc: string) => {
      try {
        return { entries: values(scan(doc, [Number.MAX_SAFE_INTEGER]).scanned) };
      } catch (error) {
        const { reason, offset } = error as HarSyntaxError;
        return { reason: reason.replace(/^the file ends inside log\.entries\[\d+\]/, 'the file ends before its JSON document does'), offset };
      }
    };
    const similar = TRICKY_ENTRIES.map((x, i) => ({ startedDateTime: `t${i}`, x, list: [{ startedDateTime: 1 }, { startedDateTime: 2 }] }));
    const pieces = ['{', '}', '[', ']', '"', ':', ',', '\\', ' ', '\n', '0', '-', '.', 'e', 't', 'u', '\\u00', '\t', 'é', '\x01', '01', '},{"startedDateTime"'];
    let seed = 42;
    const random = (n: number) => Math.floor(((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000) * n);
    let faults = 0;
    for (let k = 0; k < 600; k++) {
      let entries = JSON.stringify(k % 2 ? similar : TRICKY_ENTRIES, null, [0, 1, '\t'][k % 3]);
      // The opening bracket stays: the walk of the other key takes any value, log.entries only an array.
      for (let m = random(3); m >= 0; m--) {
        const at = 1 + random(entries.length - 1);
        const piece = pieces[random(pieces.length)] as string;
        entries = entries.slice(0, at) + (random(3) === 0 ? '' : piece) + entries.slice(at + (random(2) === 0 ? 0 : 1 + random(3)));
      }
      const doc = `{"log":{"entries":${entries}}}`;
      const found = outcome(doc);
      const expected = outcome(walked(doc));
      if ('entries' in found) {
        expect(expected, doc).toEqual({ entries: [] });
        // Through UTF-8, as the file has it: a cut surrogate pair becomes U+FFFD.
        expect(found.entries, doc).toEqual(JSON.parse(Buffer.from(entries).toString()));
      } else {
        faults++;
        expect(found, doc).toEqual({ reason: expected.reason, offset: (expected.offset as number) - 7 });
        for (const sizes of [[1], [7, 2, 5]]) expect(() => scan(doc, sizes), doc).toThrow(found.reason);
      }
    }
    expect(faults).toBeGreaterThan(300);
  });

  describe('refuses a file that is not a HAR, with the reason and the byte offset', () => {
    const cases: [string, string | Buffer, RegExp, number][] = [
      ['an empty file', '', /^not a HAR: the file holds no JSON$/, 0],
      ['only whitespace', '  \n', /^not a HAR: the file holds no JSON$/, 3],
      ['a JSON array', '[]', /^not a HAR: the file is not a JSON object$/, 0],
      ['log not an object', '{"log":[]}', /^not a HAR: log is not an object$/, 7],
      ['log.entries not an array', '{"log":{"entries":{}}}', /^not a HAR: log.entries is not an array$/, 18],
      ['no log.entries', '{"log":{"version":"1.2"}}', /^not a HAR: the JSON document has no log.entries array$/, 25],
      ['a file truncated inside an entry', '{"log":{"entries":[{"a":1},{"b":', /^the file ends inside log.entries\[1\] \(truncated\?\)$/, 32],
      ['a file truncated after the entries', '{"log":{"entries":[]}', /^the file ends before its JSON document does/, 21],
      ['bytes after the document', '{"log":{"entries":[]}}x', /^unexpected 'x' after the end of the JSON document$/, 22],
      ['a number with a leading zero', '{"log":{"entries":[{"a":01}]}}', /^unexpected '1' where ',' or '}' should be$/, 25],
      ['a number without digits after the point', '{"log":{"entries":[1.]}}', /^unexpected '\]' in a number$/, 21],
      ['a control character in a string', '{"log":{"entries":[{"a":"x\ty"}]}}', /^control character byte 0x09 inside a string$/, 26],
      ['a broken literal', '{"log":{"entries":[{"a":tru}]}}', /^unexpected '}' in 'true'$/, 27],
      ['an unknown escape', '{"log":{"entries":[{"a":"\\x"}]}}', /^unexpected 'x' after '\\' in a string$/, 26],
      ['a short \\u escape', '{"log":{"entries":[{"a":"\\u00g"}]}}', /^unexpected 'g' in a \\u escape$/, 29],
      ['a trailing comma in an array', '{"log":{"entries":[1,]}}', /^unexpected '\]' where a value should be$/, 21],
      ['a trailing comma in an object', '{"log":{"entries":[],}}', /^unexpected '}' where an object key should be$/, 21],
      ['a missing colon', '{"log" {', /^unexpected '\{' where ':' should follow an object key$/, 7],
      ['an incomplete byte order mark', Buffer.from([0xef, 0xbb, 0x7b]), /^an incomplete byte order mark$/, 2],
      ['nesting deeper than the walk follows', `{"log":{"entries":[${'['.repeat(2 * MAX_DEPTH)}`, /^JSON nested deeper than 1024 levels$/, 19 + MAX_DEPTH - 3],
      ['a fault in an entry that ends where the entries before it did', '{"log":{"entries":[{"a":1},{"a":2},{"a":01},{"a":3}]}}', /^unexpected '1' where ',' or '}' should be$/, 41],
      ['nesting too deep, closed again, in an entry that ends where the entries before it did', `{"log":{"entries":[{"a":1},{"a":${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}},{"a":2}]}}`, /^JSON nested deeper than 1024 levels$/, 32 + MAX_DEPTH - 4],
    ];
    for (const [what, doc, reason, offset] of cases) {
      it(what, () => {
        for (const sizes of [[Number.MAX_SAFE_INTEGER], [1], [3]]) {
          let error: unknown;
          try {
            scan(doc, sizes);
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(HarSyntaxError);
          expect((error as HarSyntaxError).reason).toMatch(reason);
          expect((error as HarSyntaxError).offset).toBe(offset);
        }
      });
    }
  });
});
