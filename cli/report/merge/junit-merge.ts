/**
 * JUnit XML of several shards as one document: their <testsuite> elements side by side under one
 * <testsuites>, whose counts are the sums of the inputs' root counts. The suites are copied as
 * text, so nothing a CI system reads from them is lost in a parse and re-serialisation.
 */
export interface JunitInput {
  source: string;
  xml: string;
}

const COUNTS = ['tests', 'failures', 'errors', 'skipped'] as const;
type Totals = Record<(typeof COUNTS)[number] | 'time', number>;

interface Parsed {
  totals: Partial<Totals>;
  suites: string;
}

function attributes(openTag: string): Partial<Totals> {
  const totals: Partial<Totals> = {};
  for (const name of [...COUNTS, 'time'] as const) {
    const m = new RegExp(`\\s${name}="([^"]*)"`).exec(openTag);
    if (m) totals[name] = Number(m[1]) || 0;
  }
  return totals;
}

function parse({ source, xml }: JunitInput): Parsed {
  const body = xml
    .replace(/^\uFEFF?\s*<\?xml[^>]*\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .trim();
  const root = /^<(testsuites|testsuite)\b[^>]*?(\/?)>/.exec(body);
  if (!root) throw new Error(`${source}: not JUnit XML (the root element is neither <testsuites> nor <testsuite>)`);
  const openTag = root[0];
  const totals = attributes(openTag);
  if (root[1] === 'testsuite') return { totals, suites: body };
  if (root[2] === '/') return { totals, suites: '' };
  const end = body.lastIndexOf('</testsuites>');
  if (end < 0) throw new Error(`${source}: <testsuites> is not closed`);
  return { totals, suites: body.slice(openTag.length, end).trim() };
}

export function mergeJunit(inputs: readonly JunitInput[], name = 'cpf-conformance'): string {
  const parsed = inputs.map(parse);
  const present = (key: keyof Totals) => parsed.some((p) => p.totals[key] !== undefined);
  const sum = (key: keyof Totals) => parsed.reduce((total, p) => total + (p.totals[key] ?? 0), 0);
  // Only counts some input carried: a merged file keeps the shape of its parts.
  const counts = COUNTS.filter((key) => key === 'tests' || present(key)).map((key) => ` ${key}="${sum(key)}"`);
  const time = ` time="${Number(sum('time').toFixed(6))}"`;
  const suites = parsed.map((p) => p.suites).filter((s) => s !== '');
  return ['<?xml version="1.0" encoding="UTF-8" ?>', `<testsuites name="${name}"${counts.join('')}${time}>`, ...suites, '</testsuites>', ''].join('\n');
}
