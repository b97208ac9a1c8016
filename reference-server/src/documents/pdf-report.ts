import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ReportModel } from './report-model.js';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;

/** The standard fonts speak WinAnsi only (German umlauts included); anything else becomes '?'. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff€–—„“”‘’•…]/g, '?');
}

class Writer {
  private page: PDFPage;
  private y: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  private ensure(height: number): void {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage(A4);
      this.y = A4[1] - MARGIN;
    }
  }

  text(value: string, size = 10, isBold = false): void {
    this.ensure(size + 4);
    this.page.drawText(printable(value), { x: MARGIN, y: this.y - size, size, font: isBold ? this.bold : this.font, color: rgb(0.1, 0.1, 0.1) });
    this.y -= size + 5;
  }

  heading(value: string): void {
    this.gap(6);
    this.text(value, 13, true);
    this.ensure(6);
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 2 }, end: { x: A4[0] - MARGIN, y: this.y + 2 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    this.y -= 4;
  }

  /** A table with fixed column positions (fractions of the text width). */
  table(header: string[], rows: string[][], columns: number[]): void {
    const width = A4[0] - 2 * MARGIN;
    const line = (cells: string[], isBold: boolean) => {
      this.ensure(14);
      cells.forEach((cell, i) => {
        this.page.drawText(printable(cell), { x: MARGIN + (columns[i] ?? 0) * width, y: this.y - 9, size: 9, font: isBold ? this.bold : this.font });
      });
      this.y -= 13;
    };
    line(header, true);
    for (const row of rows) line(row, false);
  }

  gap(height: number): void {
    this.y -= height;
  }
}

/** Renders the report as a real PDF (pdf-lib, standard fonts, no external files). */
export async function renderReportPdf(model: ReportModel): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(printable(model.title));
  doc.setCreator('cpf reference server');
  doc.setCreationDate(model.generatedAt);
  const w = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  w.text(model.title, 18, true);
  w.text(model.subtitle, 11);
  w.text(`Erstellt am ${model.generatedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`, 9);

  w.heading('Projekt');
  w.table(['Angabe', 'Wert'], model.projectLines.map(([a, b]) => [a, b]), [0, 0.4]);

  w.heading('Raumweise Heizlast');
  w.table(['Raum', 'Geschoss', 'Fläche m²', 'Temperatur °C', 'Heizlast W'], model.rooms.map((r) => [r.name, r.floor, r.area, r.temperature, r.heatLoad]), [0, 0.32, 0.52, 0.68, 0.84]);
  w.gap(4);
  w.table(['Gebäude', 'Wert'], model.summaryLines.map(([a, b]) => [a, b]), [0, 0.4]);

  w.heading('Fußbodenheizung: Einstellwerte am Verteiler');
  for (const group of model.floorHeating) {
    w.text(`Spreizung ${group.spread} K, Summe ${group.flowRateSum} l/h`, 10, true);
    w.table(['Raum', 'Heizkreis', 'Heizlast W', 'Einstellwert l/min'], group.rows.map((r) => [r.room, r.surface, r.heatLoad, r.flowLpm]), [0, 0.35, 0.6, 0.8]);
    w.gap(4);
  }

  if (model.heatpumpLines) {
    w.heading('Wärmepumpen-Check');
    w.table(['Kennwert', 'Wert'], model.heatpumpLines.map(([a, b]) => [a, b]), [0, 0.5]);
  }
  return Buffer.from(await doc.save());
}
