import PDFDocument from 'pdfkit';
import { documentTables, localTime, RenderedTable } from './report-document';
import { ReportContent, ReportManifest, SectionDefinition } from './report.types';

type Doc = PDFKit.PDFDocument;

const PAGE = { width: 841.89, height: 595.28 };
const LEFT = 36;
const RIGHT = PAGE.width - 36;
const WIDTH = RIGHT - LEFT;
/** Below the running head and above the running foot, which every page carries. */
const TOP = 66;
const BOTTOM = PAGE.height - 44;
const PAD = 3;
const BODY = 8;
const GREY = '#555555';
const RULE = '#999999';
const SHADE = '#eeeeee';

const numeric = (f: string) => f === 'money' || f === 'count' || f === 'hold';

const periodInWords = (content: ReportContent): string =>
  content.period.type === 'gaming-day' ? `Gaming day ${content.period.value}` : `Month ${content.period.value} (gaming days ${content.period.firstDay} to ${content.period.lastDay})`;

/** Writes text at a fixed place without pdfkit adding a page when it lies in the margins (running head and foot). */
const fixed = (doc: Doc, text: string, x: number, y: number, o: PDFKit.Mixins.TextOptions) => {
  const bottom = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  doc.text(text, x, y, { lineBreak: false, ...o });
  doc.page.margins.bottom = bottom;
};

class Writer {
  y = TOP;
  constructor(private readonly doc: Doc) {}

  /** What a table running onto a new page repeats above its heading row. */
  continued: string | null = null;

  newPage() {
    this.doc.addPage();
    this.y = TOP;
    if (this.continued) {
      // A long section title wraps: the table's heading row goes below all of it, not over its second line.
      const text = `${this.continued} (continued)`;
      const doc = this.doc.font('Helvetica-Oblique').fontSize(8.5);
      const h = doc.heightOfString(text, { width: WIDTH });
      doc.fillColor(GREY).text(text, LEFT, this.y, { width: WIDTH });
      this.y += h + 4;
    }
  }

  /**
   * The columns' widths: the weights' shares of the page, but never narrower than the longest word of the column's
   * heading (a heading broken inside a word, "Regulato/r", reads as a typo); what that takes comes from the columns
   * with room to spare, in proportion.
   */
  columnWidths(headers: readonly string[], weights: readonly number[], size: number): number[] {
    const total = weights.reduce((a, b) => a + b, 0);
    const share = weights.map((w) => (w / total) * WIDTH);
    this.doc.font('Helvetica-Bold').fontSize(size);
    const least = headers.map((h) => Math.max(...h.split(/\s+/).map((word) => this.doc.widthOfString(word))) + 2 * PAD + 1);
    const short = share.reduce((n, w, i) => n + Math.max(0, least[i] - w), 0);
    if (short === 0) return share;
    const spare = share.map((w, i) => Math.max(0, w - least[i]));
    const room = spare.reduce((a, b) => a + b, 0);
    if (room < short) return share;
    return share.map((w, i) => (w < least[i] ? least[i] : w - (spare[i] / room) * short));
  }

  /** The height of a table's heading row and first row: a section heading is kept on the page with them. */
  tableStart(headers: readonly string[], weights: readonly number[], first: readonly string[] | undefined, size = BODY): number {
    const widths = this.columnWidths(headers, weights, size);
    const height = (cells: readonly string[], font: string) => {
      this.doc.font(font).fontSize(size);
      return Math.max(...cells.map((c, i) => this.doc.heightOfString(c || ' ', { width: widths[i] - 2 * PAD }))) + 2 * PAD;
    };
    return height(headers, 'Helvetica-Bold') + (first ? height(first, 'Helvetica') : 0);
  }

  ensure(height: number) {
    if (this.y + height > BOTTOM) this.newPage();
  }

  heading(text: string, size: number, gapBefore: number) {
    const doc = this.doc.font('Helvetica-Bold').fontSize(size);
    const h = doc.heightOfString(text, { width: WIDTH });
    if (this.y > TOP) this.y += gapBefore;
    this.ensure(h + 24);
    doc.fillColor('black').text(text, LEFT, this.y, { width: WIDTH });
    this.y += h + 2;
  }

  line(text: string, o: { font?: string; size?: number; color?: string } = {}) {
    const doc = this.doc.font(o.font ?? 'Helvetica').fontSize(o.size ?? 9);
    const h = doc.heightOfString(text, { width: WIDTH });
    this.ensure(h);
    doc.fillColor(o.color ?? 'black').text(text, LEFT, this.y, { width: WIDTH });
    this.y += h + 1;
  }

  /** Label and value pairs, the labels in a column of their own. */
  facts(pairs: readonly [string, string][]) {
    const labelWidth = 150;
    for (const [label, value] of pairs) {
      const doc = this.doc.font('Helvetica').fontSize(9);
      const h = doc.heightOfString(value, { width: WIDTH - labelWidth });
      this.ensure(h);
      doc.font('Helvetica-Bold').fillColor('black').text(label, LEFT, this.y, { width: labelWidth - 8 });
      doc.font('Helvetica').text(value, LEFT + labelWidth, this.y, { width: WIDTH - labelWidth });
      this.y += h + 2;
    }
  }

  /** A table: a shaded heading row repeated on each page it runs onto, ruled rows, a bold totals row. */
  table(headers: readonly string[], formats: readonly string[], weights: readonly number[], rows: readonly (readonly string[])[], totals: readonly string[] | null, size = BODY) {
    const doc = this.doc;
    const widths = this.columnWidths(headers, weights, size);
    const xs = widths.map((_, i) => LEFT + widths.slice(0, i).reduce((a, b) => a + b, 0));
    const heightOf = (cells: readonly string[], font: string) => {
      doc.font(font).fontSize(size);
      return Math.max(...cells.map((c, i) => doc.heightOfString(c || ' ', { width: widths[i] - 2 * PAD }))) + 2 * PAD;
    };
    const draw = (cells: readonly string[], font: string, shade: string | null, h = heightOf(cells, font)) => {
      if (shade) doc.rect(LEFT, this.y, WIDTH, h).fill(shade);
      doc.font(font).fontSize(size).fillColor('black');
      cells.forEach((c, i) => doc.text(c, xs[i] + PAD, this.y + PAD, { width: widths[i] - 2 * PAD, align: numeric(formats[i]) ? 'right' : 'left' }));
      this.y += h;
      doc.moveTo(LEFT, this.y).lineTo(RIGHT, this.y).lineWidth(0.4).strokeColor(RULE).stroke();
    };
    const head = () => {
      doc.moveTo(LEFT, this.y).lineTo(RIGHT, this.y).lineWidth(0.8).strokeColor('black').stroke();
      draw(headers, 'Helvetica-Bold', SHADE);
    };
    this.ensure(heightOf(headers, 'Helvetica-Bold') + (rows[0] ? heightOf(rows[0], 'Helvetica') : 0));
    head();
    const totalsHeight = totals ? heightOf(totals, 'Helvetica-Bold') : 0;
    for (const [i, row] of rows.entries()) {
      // The last row goes onto the next page with the totals rather than leave them alone there.
      const rowHeight = heightOf(row, 'Helvetica');
      if (this.y + rowHeight + (i === rows.length - 1 ? totalsHeight : 0) > BOTTOM) {
        this.newPage();
        head();
      }
      draw(row, 'Helvetica', null, rowHeight);
    }
    if (totals) {
      doc.moveTo(LEFT, this.y).lineTo(RIGHT, this.y).lineWidth(0.8).strokeColor('black').stroke();
      draw(totals, 'Helvetica-Bold', null, totalsHeight);
    }
    this.y += 4;
  }
}

const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

const section = (w: Writer, t: RenderedTable) => {
  // Wide tables (more than a dozen columns) in slightly smaller type, so a row stays on one or two lines.
  const size = t.headers.length > 12 ? 7.5 : BODY;
  // The section's heading, rule and subtitle stay on the page with the table's heading row and first row.
  w.ensure((t.first ? 50 : 0) + (t.subtitle ? 20 : 0) + (t.rows.length ? w.tableStart(t.headers, t.widths, t.rows[0], size) : 14));
  w.continued = null;
  if (t.first) {
    w.heading(t.sectionTitle, 12, 14);
    w.line(t.rows.length === 0 ? `${t.clause ? `Rule: ${t.clause}. ` : ''}None in this period.` : `${t.clause ? `Rule: ${t.clause}. ` : ''}${entries(t.rows.length)}.`, { size: 8.5, color: GREY });
  }
  if (t.subtitle) w.heading(t.subtitle, 9.5, 6);
  if (t.rows.length === 0) return;
  w.y += 2;
  w.continued = t.subtitle ? `${t.sectionTitle}: ${t.subtitle}` : t.sectionTitle;
  w.table(t.headers, t.formats, t.widths, t.rows, t.totals, size);
  w.continued = null;
};

/**
 * PDF of a report, as a regulator files it: a title page block (who, what period, which rules, the report id and
 * the content hash), each section as a table with headings and units, and at the end the events it was built
 * from. Every page carries the report id, the period and the content hash at the top and "Page n of m" at the
 * foot. Deterministic: the creation date is the manifest's generatedAt and the file id derives from the document
 * info, so the same manifest and content give the same bytes.
 */
export const renderPdf = (content: ReportContent, manifest: ReportManifest, definitions: readonly SectionDefinition[]): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const at = new Date(manifest.generatedAt);
    const zone = content.period.covers?.timeZone ?? 'UTC';
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margins: { top: TOP, bottom: PAGE.height - BOTTOM, left: LEFT, right: PAGE.width - RIGHT },
      bufferPages: true,
      info: { Title: content.title, Author: 'baccarat back office: reporting', Subject: manifest.reportId, Keywords: manifest.contentSha256, CreationDate: at, ModDate: at },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const w = new Writer(doc);
    const tables = documentTables(content, definitions);
    doc.font('Helvetica-Bold').fontSize(16).fillColor('black').text(content.title, LEFT, w.y, { width: WIDTH });
    w.y = doc.y + 8;
    w.facts([
      ['Regulator', content.regulator === 'internal' ? 'None: a management report for the casino' : content.regulator],
      ['Jurisdiction', content.jurisdiction],
      ['Period', periodInWords(content)],
      ...(content.period.covers ? [['Covers', content.period.covers.description] as [string, string]] : []),
      ['Rulebook version(s) in force', content.rulebookVersions.join(', ') || 'None recorded for the period'],
      ['Report id', manifest.reportId],
      ['Generated', `${localTime(manifest.generatedAt, zone)} ${zone} (${manifest.generatedAt})`],
      ['Content SHA-256', `${manifest.contentSha256}, the hash the manifest states; it covers ${manifest.hashCovers}`],
    ]);
    w.y += 6;
    w.heading('Contents', 11, 0);
    for (const t of tables.filter((x) => x.first)) w.line(`${t.sectionTitle}${t.clause ? ` (${t.clause})` : ''}: ${entries(t.rows.length)}`, { size: 9 });
    w.line('The events this report was built from', { size: 9 });

    for (const t of tables) section(w, t);

    w.ensure(120);
    w.heading('The events this report was built from', 12, 14);
    w.line(
      'Per section and source, the first and last event (transaction id, position in the source\'s global order) whose rows the section holds, and how many events: what a regulator replays to re-derive the report.',
      { size: 8.5, color: GREY },
    );
    const titleOf = (id: string) => content.sections.find((s) => s.id === id)?.title ?? id;
    w.continued = 'The events this report was built from';
    if (manifest.eventPositions.length === 0) w.line('No event fed any section in this period.', { font: 'Helvetica-Oblique', size: 9 });
    else
      w.table(
        ['Section', 'Source', 'First event (transaction, position)', 'Last event (transaction, position)', 'Events'],
        ['text', 'text', 'text', 'text', 'count'],
        [3, 1, 1.6, 1.6, 0.8],
        manifest.eventPositions.map((s) => [titleOf(s.section), s.source, `${s.fromTransactionId}, ${s.fromPosition}`, `${s.toTransactionId}, ${s.toPosition}`, String(s.events)]),
        null,
      );
    if (manifest.readModelCheckpoints.length > 0) {
      w.ensure(60);
      w.heading('Read models as read', 9.5, 6);
      w.continued = 'Read models as read';
      w.table(
        ['Read model', 'Source', 'Kafka partition and offset', 'Applied up to (transaction, position)'],
        ['text', 'text', 'text', 'text'],
        [2, 1, 1.5, 2],
        manifest.readModelCheckpoints.map((c) => [c.consumer, c.source, c.partition < 0 ? 'Event store (no Kafka)' : `${c.partition}, ${c.kafkaOffset ?? '–'}`, `${c.transactionId}, ${c.position}`]),
        null,
      );
    }

    // The running head and foot, now that the number of pages is known.
    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      doc.font('Helvetica-Bold').fontSize(7.5).fillColor('black');
      fixed(doc, content.title, LEFT, 22, { width: WIDTH * 0.62, ellipsis: true });
      doc.font('Helvetica').fontSize(7.5);
      fixed(doc, `Report id ${manifest.reportId}`, LEFT + WIDTH * 0.62, 22, { width: WIDTH * 0.38, align: 'right' });
      doc.fillColor(GREY);
      fixed(doc, `${periodInWords(content)}  ·  ${content.jurisdiction}${content.regulator === 'internal' ? '' : `  ·  ${content.regulator}`}`, LEFT, 33, { width: WIDTH * 0.5 });
      fixed(doc, `Content SHA-256 (manifest) ${manifest.contentSha256}`, LEFT + WIDTH * 0.4, 33, { width: WIDTH * 0.6, align: 'right' });
      doc.moveTo(LEFT, 45).lineTo(RIGHT, 45).lineWidth(0.5).strokeColor('black').stroke();
      doc.moveTo(LEFT, PAGE.height - 34).lineTo(RIGHT, PAGE.height - 34).lineWidth(0.5).strokeColor('black').stroke();
      doc.fillColor(GREY).fontSize(7.5);
      fixed(doc, `${manifest.reportId}  ·  generated ${manifest.generatedAt}`, LEFT, PAGE.height - 28, { width: WIDTH * 0.7 });
      doc.fillColor('black').font('Helvetica-Bold');
      fixed(doc, `Page ${i - start + 1} of ${count}`, LEFT + WIDTH * 0.7, PAGE.height - 28, { width: WIDTH * 0.3, align: 'right' });
    }
    doc.end();
  });
