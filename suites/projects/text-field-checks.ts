/** Text fields: projektName and the contact texts, and `email`. */
import { describe } from 'vitest';
import { harnessProjectName } from '../harness/check.js';
import { acceptCase, invalid, rejectValue, SHARED_NAME, type InvalidCase } from './field-cases.js';
import { NUL } from './support.js';

export const CONTACT_TEXT_FIELDS = ['anrede', 'vorname', 'name', 'strasse', 'hausnummer', 'ort', 'telefon', 'bemerkungen'] as const;
type TextField = 'projektName' | (typeof CONTACT_TEXT_FIELDS)[number];

const TEXT_RULES: Record<TextField, { accept: string; numberNull: string[]; nul: string }> = {
  projektName: { accept: 'PROJ-17', numberNull: ['PROJ-18', 'PROJ-19'], nul: 'PROJ-20' },
  ...(Object.fromEntries(
    CONTACT_TEXT_FIELDS.map((f) => [f, { accept: 'PROJ-62', numberNull: ['PROJ-63'], nul: 'PROJ-64' }]),
  ) as Record<(typeof CONTACT_TEXT_FIELDS)[number], { accept: string; numberNull: string[]; nul: string }>),
};

const SAMPLE_TEXT: Record<TextField, string> = {
  projektName: harnessProjectName('Grüße – Straße ✓'),
  anrede: 'Frau Dr.',
  vorname: 'Zoë-Marie',
  name: "O'Brien Müller",
  strasse: 'Straße des 17. Juni',
  hausnummer: '12a',
  ort: 'Frankfurt (Oder)',
  telefon: '+49 30 1234-567',
  bemerkungen: 'Zeile 1\nZeile 2: „Anführung“ 🙂',
};

export const TEXT_INVALID: InvalidCase[] = [
  ...(['projektName', ...CONTACT_TEXT_FIELDS] as const).map((field) => invalid([TEXT_RULES[field].nul], field, `vor${NUL}nach`, 'contains a NUL character')),
  invalid(['PROJ-11'], 'projektName', true, 'a boolean is not text'),
  invalid(['PROJ-11'], 'ort', false, 'a boolean is not text'),
  invalid(['PROJ-61'], 'email', `a${NUL}@example.org`, 'contains a NUL character'),
  invalid(['PROJ-11'], 'email', true, 'a boolean is not text'),
];

export function textFieldChecks(): void {
  describe('text fields', () => {
    for (const field of ['projektName', ...CONTACT_TEXT_FIELDS] as const) {
      const rules = TEXT_RULES[field];
      const restore = field === 'projektName' ? SHARED_NAME : undefined;
      acceptCase({
        rules: [rules.accept, 'PROJ-15', 'PROJ-101', 'PROJ-119'],
        title: `\`${field}\` alone in projectData must be accepted (200) and read back as the same text`,
        field,
        value: SAMPLE_TEXT[field],
        expected: { text: SAMPLE_TEXT[field] },
        after: restore,
      });
      acceptCase({
        rules: [rules.numberNull[0] as string, 'PROJ-119'],
        title: `\`${field}\` sent as the plain number 40117 must be normalized to the text "40117"`,
        field,
        value: 40117,
        expected: { text: '40117' },
        after: restore,
      });
      acceptCase({
        rules: [rules.numberNull[1] ?? (rules.numberNull[0] as string), 'PROJ-119'],
        title: `\`${field}\` sent as null must be normalized to empty text`,
        field,
        before: 'vorher',
        value: null,
        expected: { emptyText: true },
        after: restore,
      });
    }

    acceptCase({
      rules: ['PROJ-59', 'PROJ-119'],
      title: '`email` must accept text and read it back unchanged',
      field: 'email',
      value: 'kontakt+cpf@example.org',
      expected: { text: 'kontakt+cpf@example.org' },
    });
    acceptCase({
      rules: ['PROJ-60'],
      title: '`email` sent as empty string must delete the value',
      field: 'email',
      before: 'alt@example.org',
      value: '',
      expected: { deleted: true },
    });
    for (const c of TEXT_INVALID) rejectValue(c);
  });
}
