import { Body, Controller, Get, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { forbidden, notFound } from '@app/contracts';
import { Actor, ApiErrorResponses, ApiFile, ApiJson, Authorize, CommandMeta, CommandMetadata, CurrentActor } from '@app/platform-kit';
import { REPORT_SERVICE } from '../reporting.tokens';
import { GenerateReport, GetStoredReport, ListReports } from '../reporting.use-cases';
import { ReportService } from './report.service';
import { GenerateReportDto, ListReportsQuery } from './reports.dto';

/** Managers (area-manager and above) see every report; a regulator only regulator reports of their own jurisdictions. */
const READERS = { anyOf: ['area-manager', 'regulator'] } as const;

const isManager = (actor: Actor): boolean => actor.roles.some((r) => r === 'area-manager' || r === 'casino-manager');

interface HttpResponse {
  setHeader(name: string, value: string): void;
  send(body: unknown): void;
}

const MANIFEST =
  'The manifest: reportId, kind, jurisdiction, `period` (gaming day or month, with `covers`: the instants and time zone it spans), generatedAt, rulebookVersions in force, `eventPositions` (per section and source: the first and last event position its rows were built from and how many events: what a regulator replays to re-derive it), readModelCheckpoints, and the SHA-256 of report.json (contentSha256), report.csv and report.pdf';

const MANIFEST_EXAMPLE = { reportId: 'vgccc-daily-2026-03-01-3f9a', kind: 'vgccc-daily', jurisdiction: 'VIC', period: { gamingDay: '2026-03-01', covers: { from: '2026-02-28T19:00:00.000Z', to: '2026-03-01T19:00:00.000Z', timeZone: 'Australia/Melbourne' } }, generatedAt: '2026-03-02T07:00:00.000Z', rulebookVersions: ['crown-melbourne-v29'], eventPositions: {}, readModelCheckpoints: {}, contentSha256: '5d41…', csvSha256: '7c2e…', pdfSha256: '9a0b…' };

@ApiTags('reports')
@ApiErrorResponses()
@Controller('reporting/reports')
export class ReportsController {
  constructor(
    @Inject(REPORT_SERVICE) private readonly reports: ReportService,
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  private assertMayRead(actor: Actor, jurisdiction: string, kind: string): void {
    if (isManager(actor)) return;
    const def = this.reports.definitions().find((d) => d.kind === kind && d.jurisdiction === jurisdiction);
    if (!actor.jurisdictions.includes(jurisdiction) || def?.audience !== 'regulator') {
      throw forbidden('REPORT_OUT_OF_JURISDICTION', `Your token gives read access to ${actor.jurisdictions.join(', ') || 'no'} regulator reports; this is a ${jurisdiction} ${kind} report.`);
    }
  }

  @Get('kinds')
  @Authorize(READERS)
  @ApiOperation({ summary: 'Report kinds the caller may read, with their sections and clauses.' })
  @ApiJson('Each kind: kind, jurisdiction, title, regulator, periodType (gaming-day or month) and its sections with their clauses', [{ kind: 'vgccc-daily', jurisdiction: 'VIC', title: 'Daily table games report', regulator: 'VGCCC', periodType: 'gaming-day', sections: [{ id: 'table-statistics', title: 'Table statistics', clauses: ['Crown Melbourne 16.1'] }] }])
  kinds(@CurrentActor() actor: Actor) {
    return this.reports
      .definitions()
      .filter((d) => isManager(actor) || (d.audience === 'regulator' && actor.jurisdictions.includes(d.jurisdiction)))
      .map((d) => ({ kind: d.kind, jurisdiction: d.jurisdiction, title: d.title, regulator: d.regulator, periodType: d.periodType, sections: d.sections.map((s) => ({ id: s.id, title: s.title, clause: s.clause })) }));
  }

  @Get()
  @Authorize(READERS)
  @ApiOperation({ summary: 'Stored reports (scheduled and on demand), newest period first.' })
  @ApiJson('Each stored report: reportId, kind, jurisdiction, period, generatedAt, contentSha256 and trigger (scheduled or on-demand)', [{ reportId: MANIFEST_EXAMPLE.reportId, kind: 'vgccc-daily', jurisdiction: 'VIC', period: MANIFEST_EXAMPLE.period, generatedAt: MANIFEST_EXAMPLE.generatedAt, contentSha256: MANIFEST_EXAMPLE.contentSha256, trigger: 'on-demand' }])
  async list(@Query() q: ListReportsQuery, @CurrentActor() actor: Actor) {
    if (isManager(actor)) return this.queryBus.execute(new ListReports({ jurisdictions: q.jurisdiction ? [q.jurisdiction] : undefined, kind: q.kind, from: q.from, to: q.to }));
    if (q.jurisdiction && !actor.jurisdictions.includes(q.jurisdiction)) {
      throw forbidden('REPORT_OUT_OF_JURISDICTION', `Your token gives read access to ${actor.jurisdictions.join(', ') || 'no'} reports, not ${q.jurisdiction}.`);
    }
    const regulatorKinds = new Set(this.reports.definitions().filter((d) => d.audience === 'regulator').map((d) => d.kind));
    const rows = await this.queryBus.execute(new ListReports({ jurisdictions: q.jurisdiction ? [q.jurisdiction] : actor.jurisdictions, kind: q.kind, from: q.from, to: q.to }));
    return rows.filter((r) => regulatorKinds.has(r.kind));
  }

  @Post()
  @Authorize(READERS)
  @ApiOperation({ summary: 'Generates a report on demand from the read models and stores it (same content → same report id). Sent again with the same Idempotency-Key, the command is recorded once and answered with the first report, even for a period not yet finished.' })
  @ApiJson(MANIFEST, MANIFEST_EXAMPLE, 201)
  async generate(@Body() body: GenerateReportDto, @CurrentActor() actor: Actor, @CommandMeta() meta: CommandMetadata) {
    this.assertMayRead(actor, body.jurisdiction, body.kind);
    return this.commandBus.execute(new GenerateReport([body.kind, body.jurisdiction, body.period, { generatedAt: meta.now, trigger: 'on-demand', requestedBy: actor.id, commandId: meta.commandId }]));
  }

  private async load(reportId: string, actor: Actor) {
    const r = await this.queryBus.execute(new GetStoredReport(reportId));
    if (!r) throw notFound('REPORT_NOT_FOUND', `No report ${reportId}.`);
    this.assertMayRead(actor, r.jurisdiction, r.kind);
    return r;
  }

  @Get(':reportId')
  @Authorize(READERS)
  @ApiOperation({ summary: 'A stored report: its manifest and its content (sections, rows, totals)' })
  @ApiJson(`{ manifest, content }. ${MANIFEST}`, { manifest: MANIFEST_EXAMPLE, content: { sections: [{ id: 'table-statistics', rows: [], totals: {} }] } })
  async get(@Param('reportId') reportId: string, @CurrentActor() actor: Actor) {
    const r = await this.load(reportId, actor);
    return { manifest: r.manifest, content: JSON.parse(r.json) as unknown };
  }

  @Get(':reportId/manifest.json')
  @Authorize(READERS)
  @ApiOperation({ summary: "A stored report's manifest alone" })
  @ApiJson(MANIFEST, MANIFEST_EXAMPLE)
  async manifest(@Param('reportId') reportId: string, @CurrentActor() actor: Actor) {
    return (await this.load(reportId, actor)).manifest;
  }

  @Get(':reportId/report.json')
  @Authorize(READERS)
  @ApiOperation({ summary: 'The canonical JSON content: exactly the bytes the manifest contentSha256 covers.' })
  @ApiJson('The report content as canonical JSON (keys sorted, no whitespace)', { kind: 'vgccc-daily', sections: [{ id: 'table-statistics', rows: [], totals: {} }] })
  async json(@Param('reportId') reportId: string, @CurrentActor() actor: Actor, @Res() res: HttpResponse) {
    const r = await this.load(reportId, actor);
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.send(Buffer.from(r.json, 'utf8'));
  }

  @Get(':reportId/report.csv')
  @Authorize(READERS)
  @ApiOperation({ summary: "The report as CSV with the PDF's columns and headings (units in the headings, money in dollars, hold in percent): one block per table, each row prefixed with its section id (csvSha256 in the manifest)" })
  @ApiFile('csv', 'CSV, attached as <reportId>.csv')
  async csv(@Param('reportId') reportId: string, @CurrentActor() actor: Actor, @Res() res: HttpResponse) {
    const r = await this.load(reportId, actor);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${reportId}.csv"`);
    res.send(Buffer.from(r.csv, 'utf8'));
  }

  @Get(':reportId/report.pdf')
  @Authorize(READERS)
  @ApiOperation({ summary: 'The report as PDF for the regulator: each section as a table with its rule, the report id, period and content hash on every page, "Page n of m", and the events it was built from (pdfSha256 in the manifest)' })
  @ApiFile('pdf', 'PDF, attached as <reportId>.pdf')
  async pdf(@Param('reportId') reportId: string, @CurrentActor() actor: Actor, @Res() res: HttpResponse) {
    const r = await this.load(reportId, actor);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="${reportId}.pdf"`);
    res.send(r.pdf);
  }
}
