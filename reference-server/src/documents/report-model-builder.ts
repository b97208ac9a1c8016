import type { CalcResults } from '../calc/types.js';
import { FLOORS } from '../domain/room-fields.js';
import type { Project } from '../store/projects.js';
import type { Room } from '../store/rooms.js';
import type { ReportModel } from './report-model.js';

// One formatter per precision: toLocaleString builds a new one on every call, which dominated the
// time a report of many rooms took; the output is the same.
const GERMAN = [1, 2].map((digits) => new Intl.NumberFormat('de-DE', { minimumFractionDigits: digits, maximumFractionDigits: digits }));
const de = (n: number, digits: 1 | 2 = 1) => (GERMAN[digits - 1] as Intl.NumberFormat).format(n);

/** What the PDF shows: the project, its rooms with heat loads, the manifold settings; plus the heat-pump figures for the check. */
export function buildReportModel(project: Project, rooms: Room[], results: CalcResults, kind: 'service' | 'check', at: Date): ReportModel {
  const loads = new Map(results.roomHeatLoads.map((r) => [r.roomId, r]));
  const d = project.data;
  const model: ReportModel = {
    title: kind === 'check' ? 'Wärmepumpen-Check' : 'Heizlastbericht',
    subtitle: `${d['projektName'] || 'Projekt'} (${project.key})`,
    generatedAt: at,
    projectLines: [
      ['Projekt', d['projektName'] || '-'],
      ['Postleitzahl', d['projektPostleitzahl'] || '-'],
      ['Baujahr', d['projektBaujahr'] || '-'],
      ['Bewohner', d['projektBewohner'] || '-'],
      ['Norm-Außentemperatur', `${de(results.summary.designOutdoorTemperature)} °C`],
    ],
    rooms: rooms.map((room) => ({
      name: room.data['raumBezeichnung'] ?? '',
      floor: FLOORS[Number(room.data['raumEtage'])]?.bezeichnung ?? '',
      area: room.data['raumFlaeche'] ? de(Number(room.data['raumFlaeche'])) : '-',
      temperature: room.data['raumTemperatur'] || '-',
      heatLoad: loads.has(room.publicId) ? de(loads.get(room.publicId)?.total ?? 0) : '-',
    })),
    summaryLines: [
      ['Gebäudeheizlast', `${de(results.summary.buildingHeatLoad)} W`],
      ['Summe der Raumheizlasten', `${de(results.summary.sumOfRoomHeatLoads)} W`],
      ['Beheizte Fläche', `${de(results.summary.heatedArea)} m²`],
      ['Spezifische Heizlast', `${de(results.summary.specificBuildingHeatLoad)} W/m²`],
    ],
    floorHeating: results.floorHeatingBalance.groups.map((g) => ({
      spread: g.spread,
      flowRateSum: de(g.flowRateSum),
      rows: g.rooms.map((r) => ({ room: r.roomName, surface: r.surfaceId, heatLoad: de(r.heatingLoad), flowLpm: de(r.setting.value, 2) })),
    })),
  };
  if (kind === 'check') {
    model.heatpumpLines = [
      ...results.heatpump.capacities.map((c): [string, string] => [`Leistung bei ${c.blockingHours} h Sperrzeit`, `${de(c.capacity, 2)} kW`]),
      ['Jahresarbeitszahl (Schätzung)', results.heatpump.copEstimate === null ? '-' : de(results.heatpump.copEstimate, 2)],
    ];
  }
  return model;
}
