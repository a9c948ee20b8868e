import PDFDocument from 'pdfkit';
import { ReportContent, ReportManifest } from './report.types';

const money = (cents: number): string => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

/**
 * PDF of a report. Deterministic: the creation date is the manifest's generatedAt and the file id derives
 * from the document info, so the same manifest and content give the same bytes.
 */
export const renderPdf = (content: ReportContent, manifest: ReportManifest): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const at = new Date(manifest.generatedAt);
    const doc = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 36,
      info: { Title: content.title, Author: 'baccarat back office: reporting', Subject: manifest.reportId, Keywords: manifest.contentSha256, CreationDate: at, ModDate: at },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(14).text(content.title);
    doc.font('Helvetica').fontSize(9);
    doc.text(`Jurisdiction: ${content.jurisdiction} (${content.regulator})   Period: ${content.period.type} ${content.period.value}`);
    if (content.period.covers) doc.text(`Covers ${content.period.covers.description}`);
    doc.text(`Rulebook version(s) in force: ${content.rulebookVersions.join(', ') || 'none recorded'}`);
    doc.text(`Report id: ${manifest.reportId}   Generated: ${manifest.generatedAt}`);
    doc.text(`Content SHA-256 (${manifest.hashCovers}): ${manifest.contentSha256}`);
    for (const span of manifest.eventPositions) {
      doc.text(`Section ${span.section}, events from ${span.source}: (${span.fromTransactionId}, ${span.fromPosition}) to (${span.toTransactionId}, ${span.toPosition}), ${span.events} event(s)`);
    }
    for (const c of manifest.readModelCheckpoints) {
      doc.text(`Read models ${c.consumer} had applied ${c.source}${c.partition < 0 ? '' : ` partition ${c.partition} offset ${c.kafkaOffset ?? '-'}`} up to (${c.transactionId}, ${c.position})`);
    }
    for (const section of content.sections) {
      doc.moveDown().font('Helvetica-Bold').fontSize(11).text(`${section.title} (${section.clause}): ${section.rows.length} row(s)`);
      doc.font('Helvetica').fontSize(7);
      if (section.rows.length === 0) doc.text('Nil.');
      for (const row of section.rows) {
        doc.text(section.columns.map((c) => `${c}: ${c.endsWith('Cents') && typeof row[c] === 'number' ? money(row[c] as number) : (row[c] ?? '')}`).join('  |  '));
      }
    }
    doc.moveDown().font('Helvetica-Bold').fontSize(9).text('Totals');
    doc.font('Helvetica').fontSize(8);
    for (const [k, v] of Object.entries(content.totals).sort(([a], [b]) => a.localeCompare(b))) doc.text(`${k}: ${k.endsWith('Cents') ? money(v) : v}`);
    doc.end();
  });
