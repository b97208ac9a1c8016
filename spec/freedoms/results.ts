import { freedoms } from './freedom.js';

/** Freedoms of the results area: each quotes the spec's words that leave the reading open. */
export const resultsFreedoms = freedoms('results', [
  {
    id: 'FREE-RES-1',
    quote: '`{status: 200, action: getResults, project: {key}, results, projekt}`. - `results`: `available` (boolean), `status` (string, ...), `source` (string), ...',
    reading:
      'every object of the results response (the answer, `project`, `results`, the groups, circuits and settings, `projekt` and the abgleichFBH entries and raeume) may carry members the spec does not name, e.g. `results.parameters`: the spec lists members and never says "only"',
  },
  {
    id: 'FREE-RES-2',
    quote: 'Contents of `summary`, `roomHeatLoads`, `radiators`, `hydraulicBalance`, `heatpump`, `exchange`: not shown.',
    reading:
      'those contents, and members the spec does not name, may hold values that change from call to call (a generation time in `results.exchange`, a `results.calculatedAt` to the millisecond): two calls of the same calculation need not give the same answer',
  },
  {
    id: 'FREE-RES-3',
    quote: '`flowLpm` (l/min, for display at the manifold), `setting.value` (value to set at the manifold, unit given by `setting.unit`)',
    reading:
      '`setting.value` may be the flow rounded to a step a manifold can be set to (0.5 l/min, say) and so differ from `flowLpm`; only `durchfluss` "equals the setting value"',
  },
  {
    id: 'FREE-RES-4',
    quote: '`flowTemperature`: number, 25 to 95, degrees C, flow temperature; ... `spread`: number greater than 0 and smaller than `flowTemperature`, in K.',
    reading:
      'the spec gives no text syntax for numbers in the query: a target may take plain decimals only and refuse every other written form (exponent, decimal comma, leading plus) with 422 validation, or read such forms as the number they denote',
  },
  {
    id: 'FREE-RES-5',
    quote: '`source` (string)',
    reading: '`source` may be any string (the reference server names its engine)',
  },
  {
    id: 'FREE-RES-6',
    quote: '`heatingLoad` (W, proportional load of the heating surface), `spread` (K), `flowRate` (l/h, single circuit), `flowLpm` (l/min, for display at the manifold)',
    reading:
      'the spec gives units and no precision: the figures may be rounded to any step (whole W and l/h, 0.1 l/min), and `flowRateSum` may be the rounded exact sum rather than the sum of the rounded circuit flows',
  },
  {
    id: 'FREE-RES-7',
    quote: 'Groups are output for spreads 10, 7 and 5 K. ... Both structures are generated from the same values.',
    reading: 'the order of the groups, of the circuits in a group, of the abgleichFBH entries and of their raeume is not fixed, and the two structures need not list them in the same order',
  },
  {
    id: 'FREE-RES-8',
    quote: 'Compatibility structure, names and nesting unchanged: `projekt.abgleichFBH[]` with `spreizung`, `summeVolumenstrom`, `raeume[]` of `raumBezeichnung`, `heizlast`, `durchfluss`',
    reading: 'the spec gives the older structure no JSON types: its numbers may come as numeric strings, with a decimal comma',
  },
]);
