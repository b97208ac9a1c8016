/** What a generated PDF shows; built from the project and its calculation, rendered by pdf-report.ts. */
export interface ReportModel {
  title: string;
  subtitle: string;
  generatedAt: Date;
  projectLines: [label: string, value: string][];
  rooms: { name: string; floor: string; area: string; temperature: string; heatLoad: string }[];
  summaryLines: [label: string, value: string][];
  floorHeating: { spread: number; flowRateSum: string; rows: { room: string; surface: string; heatLoad: string; flowLpm: string }[] }[];
  /** The heat-pump check adds its own section. */
  heatpumpLines?: [label: string, value: string][];
}
