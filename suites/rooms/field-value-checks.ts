/** The roomData table field by field (accepted, refused and deleted values), and the general input rules. */
import { describe, expect } from 'vitest';
import { check } from '../harness/check.js';
import { acceptPatch, rejectCreate, rejectCreateBody, rejectPatch } from './room-cases.js';
import { createRoomAccepted, describeValue, expectDecimalText, expectName, expectTemperature, roomName, WRITES } from './support.js';

const repeat = (char: string, n: number) => char.repeat(n);

export function fieldValueChecks(): void {
  describe('raumBezeichnung', () => {
    rejectCreateBody(['ROOM-16'], '`raumBezeichnung` missing (roomData {}) must give 422 validation at creation', { roomData: {} });
    rejectCreateBody(['ROOM-16'], '`raumBezeichnung` missing (other fields sent) must give 422 validation at creation', { roomData: { raumEtage: 2, raumFlaeche: 12 } });
    rejectCreate(['ROOM-17'], 'raumBezeichnung', '', 'empty');
    rejectCreate(['ROOM-17'], 'raumBezeichnung', '   ', 'spaces only');
    rejectCreate(['ROOM-17'], 'raumBezeichnung', ' \t\n ', 'whitespace only');
    rejectCreate(['ROOM-18'], 'raumBezeichnung', repeat('a', 121), '121 characters');
    rejectCreate(['ROOM-18'], 'raumBezeichnung', ` ${repeat('ä', 121)} `, '121 characters after trimming');
    rejectPatch(['ROOM-17'], 'raumBezeichnung', '', 'empty');
    rejectPatch(['ROOM-17'], 'raumBezeichnung', '  \t ', 'whitespace only');
    rejectPatch(['ROOM-18'], 'raumBezeichnung', repeat('b', 121), '121 characters');

    for (const [sent, why] of [
      ['x', '1 character'],
      ['  y  ', '1 character after trimming'],
      [repeat('ä', 120), '120 characters'],
      [`  ${repeat('z', 120)}  `, '120 characters after trimming'],
    ] as const) {
      acceptPatch({
        rules: ['ROOM-18'],
        title: `\`raumBezeichnung\` ${describeValue(sent)} (${why}) must be accepted (200)`,
        roomData: { raumBezeichnung: sent },
        verify: (data) => expectName(data, sent),
      });
    }

    check(
      'ROOM-18',
      '`raumBezeichnung` of 120 characters must be accepted at creation (201)',
      async (t) => {
        const { actor, key } = await t.ownerWithProject('own-data-only');
        const name = `${roomName('120')} `.padEnd(120, 'n');
        expectName((await createRoomAccepted(actor, key, { raumBezeichnung: name })).roomData, name);
      },
      WRITES,
    );
  });

  // -------------------------------------------------------------------------------------------------
  // raumEtage
  // -------------------------------------------------------------------------------------------------

  describe('raumEtage', () => {
    rejectCreate(['ROOM-19'], 'raumEtage', 8, 'above 7');
    rejectCreate(['ROOM-19'], 'raumEtage', -1, 'below 0');
    rejectCreate(['ROOM-19'], 'raumEtage', '8', 'above 7, as text');
    rejectCreate(['ROOM-19'], 'raumEtage', 'EG', 'not a floor id');
    rejectCreate(['ROOM-19', 'ROOM-43'], 'raumEtage', 1.5, 'not an integer');
    rejectCreate(['ROOM-19', 'ROOM-43'], 'raumEtage', '1,5', 'not an integer, decimal comma');
    rejectCreate(['ROOM-19', 'ROOM-43'], 'raumEtage', '1.5', 'not an integer, as text');
    rejectPatch(['ROOM-19'], 'raumEtage', 8, 'above 7');
    rejectPatch(['ROOM-19', 'ROOM-43'], 'raumEtage', 2.5, 'not an integer');
  });

  // -------------------------------------------------------------------------------------------------
  // raumFlaeche and raumHoehe
  // -------------------------------------------------------------------------------------------------

  describe('raumFlaeche', () => {
    rejectCreate(['ROOM-22'], 'raumFlaeche', 0, 'not greater than 0');
    rejectCreate(['ROOM-22'], 'raumFlaeche', '0', 'not greater than 0, as text');
    rejectCreate(['ROOM-22'], 'raumFlaeche', -1, 'negative');
    rejectCreate(['ROOM-22'], 'raumFlaeche', 100000.01, 'above 100000');
    rejectCreate(['ROOM-22'], 'raumFlaeche', '100000,01', 'above 100000, decimal comma');
    rejectPatch(['ROOM-22'], 'raumFlaeche', 100001, 'above 100000');

    const accepted: [unknown, number, string, string[]][] = [
      [0.01, 0.01, 'just above 0', ['ROOM-22']],
      [100000, 100000, 'the maximum', ['ROOM-22']],
      ['100000', 100000, 'the maximum as numeric text', ['ROOM-22', 'ROOM-40']],
      [12.5, 12.5, 'a JSON number', ['ROOM-40']],
      ['12.5', 12.5, 'numeric text', ['ROOM-40']],
      ['12,5', 12.5, 'decimal comma', ['ROOM-41']],
    ];
    for (const [sent, value, why, rules] of accepted) {
      acceptPatch({
        rules,
        title: `\`raumFlaeche\` ${describeValue(sent)} (${why}) must be accepted (200) and read back as the decimal text of ${value}`,
        roomData: { raumFlaeche: sent },
        verify: (data) => expectDecimalText(data, 'raumFlaeche', value, sent),
      });
    }
    for (const deletion of ['', null]) {
      acceptPatch({
        rules: ['ROOM-23'],
        title: `\`raumFlaeche\` sent as ${describeValue(deletion)} must delete the value`,
        before: { raumFlaeche: 18 },
        roomData: { raumFlaeche: deletion },
        verify: (data) => expect(data.raumFlaeche, 'raumFlaeche after the deletion').toBe(''),
        reread: true,
      });
    }
  });

  describe('raumHoehe', () => {
    rejectCreate(['ROOM-25'], 'raumHoehe', 0, 'not greater than 0');
    rejectCreate(['ROOM-25'], 'raumHoehe', -2.5, 'negative');
    rejectCreate(['ROOM-25'], 'raumHoehe', 100.01, 'above 100');
    rejectCreate(['ROOM-25'], 'raumHoehe', '100,5', 'above 100, decimal comma');
    rejectPatch(['ROOM-25'], 'raumHoehe', 101, 'above 100');

    const accepted: [unknown, number, string, string[]][] = [
      [100, 100, 'the maximum', ['ROOM-25']],
      [0.5, 0.5, 'a JSON number', ['ROOM-25', 'ROOM-40']],
      ['3.1', 3.1, 'numeric text', ['ROOM-40']],
      ['2,75', 2.75, 'decimal comma', ['ROOM-41']],
    ];
    for (const [sent, value, why, rules] of accepted) {
      acceptPatch({
        rules,
        title: `\`raumHoehe\` ${describeValue(sent)} (${why}) must be accepted (200) and read back as the decimal text of ${value}`,
        roomData: { raumHoehe: sent },
        verify: (data) => expectDecimalText(data, 'raumHoehe', value, sent),
      });
    }
    for (const deletion of ['', null]) {
      acceptPatch({
        rules: ['ROOM-26'],
        title: `\`raumHoehe\` sent as ${describeValue(deletion)} must delete the value`,
        before: { raumHoehe: 2.4 },
        roomData: { raumHoehe: deletion },
        verify: (data) => expect(data.raumHoehe, 'raumHoehe after the deletion').toBe(''),
        reread: true,
      });
    }
  });

  // -------------------------------------------------------------------------------------------------
  // raumTemperatur
  // -------------------------------------------------------------------------------------------------

  describe('raumTemperatur', () => {
    rejectCreate(['ROOM-28'], 'raumTemperatur', 15, 'below 16 and not 7');
    rejectCreate(['ROOM-28'], 'raumTemperatur', 27, 'above 26');
    rejectCreate(['ROOM-28'], 'raumTemperatur', 8, 'neither 7 nor 16 to 26');
    rejectCreate(['ROOM-28'], 'raumTemperatur', 6, 'neither 7 nor 16 to 26');
    rejectCreate(['ROOM-28'], 'raumTemperatur', '15', 'below 16, as text');
    rejectCreate(['ROOM-28', 'ROOM-43'], 'raumTemperatur', 20.5, 'not an integer');
    rejectCreate(['ROOM-28', 'ROOM-43'], 'raumTemperatur', '20,5', 'not an integer, decimal comma');
    rejectCreate(['ROOM-28', 'ROOM-43'], 'raumTemperatur', '20.5', 'not an integer, as text');
    rejectPatch(['ROOM-28'], 'raumTemperatur', 27, 'above 26');

    const accepted: [unknown, number, string, string[]][] = [
      [7, 7, 'the frost-protection value', ['ROOM-28', 'ROOM-29']],
      [16, 16, 'the lowest of 16 to 26', ['ROOM-28', 'ROOM-29']],
      [26, 26, 'the highest of 16 to 26', ['ROOM-28', 'ROOM-29']],
      ['21', 21, 'numeric text', ['ROOM-40', 'ROOM-29']],
    ];
    for (const [sent, value, why, rules] of accepted) {
      acceptPatch({
        rules,
        title: `\`raumTemperatur\` ${describeValue(sent)} (${why}) must be accepted (200) and read back as the JSON number ${value}`,
        roomData: { raumTemperatur: sent },
        verify: (data) => expectTemperature(data, value, sent),
      });
    }
  });

  // -------------------------------------------------------------------------------------------------
  // raumNotiz
  // -------------------------------------------------------------------------------------------------

  describe('raumNotiz', () => {
    rejectCreate(['ROOM-32'], 'raumNotiz', repeat('n', 256), '256 characters');
    rejectPatch(['ROOM-32'], 'raumNotiz', repeat('ö', 256), '256 characters');
    const note255 = repeat('ü', 255);
    acceptPatch({
      rules: ['ROOM-32'],
      title: '`raumNotiz` of 255 characters must be accepted (200) and read back unchanged',
      roomData: { raumNotiz: note255 },
      verify: (data) => expect(data.raumNotiz).toBe(note255),
    });
    acceptPatch({
      rules: ['ROOM-33'],
      title: '`raumNotiz` sent as empty string must delete the note',
      before: { raumNotiz: 'wird gelöscht' },
      roomData: { raumNotiz: '' },
      verify: (data) => expect(data.raumNotiz, 'raumNotiz after the deletion').toBe(''),
      reread: true,
    });
  });

  // -------------------------------------------------------------------------------------------------
  // General input rules
  // -------------------------------------------------------------------------------------------------

  describe('general input rules', () => {
    rejectCreate(['ROOM-37'], 'raumFoo', 'x', 'unknown field');
    rejectCreate(['ROOM-37'], 'RaumBezeichnung', 'Bad', 'unknown field, wrong case');
    rejectCreate(['ROOM-37'], 'uWert', 0.24, 'unknown field: U-values cannot be written');
    rejectPatch(['ROOM-37'], 'heizflaeche', 'Radiator', 'unknown field');

    rejectCreate(['ROOM-38'], 'raumEtage', true, 'a boolean');
    rejectCreate(['ROOM-38'], 'raumFlaeche', true, 'a boolean');
    rejectCreate(['ROOM-38'], 'raumHoehe', false, 'a boolean');
    rejectCreate(['ROOM-38'], 'raumTemperatur', true, 'a boolean');
    rejectPatch(['ROOM-38'], 'raumFlaeche', false, 'a boolean');

    rejectCreate(['ROOM-39'], 'raumBezeichnung', ['Bad'], 'an array');
    rejectCreate(['ROOM-39'], 'raumEtage', [1], 'an array');
    rejectCreate(['ROOM-39'], 'raumFlaeche', { value: 12 }, 'an object');
    rejectCreate(['ROOM-39'], 'raumNotiz', {}, 'an object');
    rejectPatch(['ROOM-39'], 'raumTemperatur', [20], 'an array');

    // 33 characters whose value would be valid if shorter: only the length is wrong.
    const area33 = `12.5${repeat('0', 29)}`;
    const floor33 = `${repeat('0', 32)}1`;
    const temperature33 = `${repeat('0', 31)}20`;
    const height33 = `2.5${repeat('0', 30)}`;
    rejectCreate(['ROOM-42'], 'raumFlaeche', area33, 'numeric text of 33 characters');
    rejectCreate(['ROOM-42'], 'raumEtage', floor33, 'numeric text of 33 characters');
    rejectCreate(['ROOM-42'], 'raumTemperatur', temperature33, 'numeric text of 33 characters');
    rejectPatch(['ROOM-42'], 'raumHoehe', height33, 'numeric text of 33 characters');
    const area32 = `12.5${repeat('0', 28)}`;
    acceptPatch({
      rules: ['ROOM-40'],
      title: `\`raumFlaeche\` as numeric text of 32 characters (${area32}) must be accepted (200) and read back as 12.5`,
      roomData: { raumFlaeche: area32 },
      verify: (data) => expectDecimalText(data, 'raumFlaeche', 12.5, area32),
    });
  });
}
