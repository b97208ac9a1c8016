import { calculateResults, toAbgleichFBH } from '../../calc/results.js';
import type { CalcRoom } from '../../calc/types.js';
import { designOutdoorTemperature } from '../../climate/design-temperatures.js';
import { FLOORS } from '../../domain/room-fields.js';
import { DEFAULT_SYSTEM } from '../../domain/results-query.js';
import { HOUSE_1970 } from '../../seed/building-demo.js';
import { EXAMPLE_PROJECT_KEY, type Example } from './common.js';

const POSTAL_CODE = '10178';

/** Two rooms of the demo house (one with floor heating, one with a radiator), as the engine gets them. */
const rooms: CalcRoom[] = HOUSE_1970.slice(0, 2).map((room, r) => ({
  id: `r00000000000000${r}a`,
  name: room.name,
  floorLabel: FLOORS[Number(room.floor)]?.bezeichnung ?? '',
  area: room.area,
  height: room.height ?? 2.5,
  indoorTemperature: room.temperature ?? 20,
  use: room.use as CalcRoom['use'],
  components: room.components.map(([kind, area, uValue, adjacency, adjacentTemperature]) => ({
    kind,
    area,
    adjacency,
    ...(uValue === null ? {} : { uValue }),
    ...(adjacentTemperature === undefined ? {} : { adjacentTemperature }),
  })),
  radiators: (room.radiators ?? []).map((nominalOutput, i) => ({ id: `hk${r}${i}`, nominalOutput })),
  heatingSurfaces: (room.surfaces ?? []).map((area, i) => ({ id: `fbh${r}${i}`, area })),
}));

const results = calculateResults(
  { postalCode: POSTAL_CODE, designOutdoorTemperature: designOutdoorTemperature(POSTAL_CODE) ?? Number.NaN, buildingYear: 1970, category: 'existing', rooms },
  DEFAULT_SYSTEM,
);

export const resultsExample: Example = {
  summary: 'Two rooms at the default 55 °C / 10 K',
  value: { status: 200, action: 'getResults', project: { key: EXAMPLE_PROJECT_KEY }, results, projekt: { abgleichFBH: toAbgleichFBH(results.floorHeatingBalance) } },
};
