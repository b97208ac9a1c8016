/** A conforming results answer for the unit tests: circuits and radiators worked out as a target would. */

const round = (n: number, decimals: number) => Math.round(n * 10 ** decimals) / 10 ** decimals;

const CIRCUITS = [
  { surfaceId: 'fb-1', roomName: 'Bad', floorLabel: 'EG', heatingLoad: 512.4 },
  { surfaceId: 'fb-2', roomName: 'Kueche', floorLabel: 'EG', heatingLoad: 803.1 },
];

/** The floor heating group at a spread, its circuits worked out. */
export function group(spread: number) {
  const rooms = CIRCUITS.map((c) => {
    const flowRate = round(c.heatingLoad / (1.163 * spread), 1);
    const flowLpm = round(flowRate / 60, 2);
    return { ...c, spread, flowRate, flowLpm, setting: { value: flowLpm, unit: 'l/min' } };
  });
  return { spread, flowRateSum: round(rooms.reduce((s, r) => s + r.flowRate, 0), 1), flowRateUnit: 'l/h', rooms };
}

/** The answer to GET /reports/{key}/results for the system temperatures (the defaults 55/10 without). */
export function resultsAnswer(key: string, flow = 55, spread = 10) {
  const groups = [10, 7, 5].map(group);
  return {
    status: 200,
    action: 'getResults',
    project: { key },
    results: {
      available: true,
      status: 'calculated',
      source: 'test-engine',
      summary: {},
      roomHeatLoads: [],
      radiators: [{ radiatorId: 'hk-1', outputAtDesign: round(1000 * ((flow - spread / 2 - 20) / 50), 1) }],
      hydraulicBalance: { pumpFlowRate: round(1500 / (1.163 * spread), 1) },
      floorHeatingBalance: { groups },
      heatpump: {},
      exchange: {},
    },
    projekt: { abgleichFBH: abgleichOf(groups) },
  };
}

/** The compatibility structure generated from the groups. */
export function abgleichOf(groups: readonly ReturnType<typeof group>[]) {
  return groups.map((g) => ({
    spreizung: g.spread,
    summeVolumenstrom: g.flowRateSum,
    raeume: g.rooms.map((r) => ({ raumBezeichnung: r.roomName, heizlast: r.heatingLoad, durchfluss: r.setting.value })),
  }));
}

export type ResultsAnswer = ReturnType<typeof resultsAnswer>;
