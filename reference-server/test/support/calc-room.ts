import type { CalcRoom } from '../../src/calc/types.js';

/** A 25 m2 living room on the ground floor at 20 °C, without components or heating; tests add theirs. */
export const calcRoom = (over: Partial<CalcRoom> = {}): CalcRoom => ({
  id: 'r1',
  name: 'Wohnzimmer',
  floorLabel: 'EG',
  area: 25,
  height: 2.5,
  indoorTemperature: 20,
  use: 'living',
  components: [],
  radiators: [],
  heatingSurfaces: [],
  ...over,
});
