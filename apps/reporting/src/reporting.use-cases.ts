import { Inject } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { ReportingQueries } from './read-model/reporting.queries';
import type { ReportService } from './reports/report.service';
import { REPORT_SERVICE, REPORTING_QUERIES } from './reporting.tokens';

/**
 * The reporting service's use cases, dispatched through @nestjs/cqrs: one query per read model (the methods of
 * `ReportingQueries`: tables, road, statistics, commission ledger and its movements and exceptions, compliance
 * register, dashboard), generating a regulator report, and reading stored reports.
 */
type ReadModelName = { [K in keyof ReportingQueries]: ReportingQueries[K] extends (...args: never[]) => Promise<unknown> ? K : never }[keyof ReportingQueries];

export class ReadModelQuery<K extends ReadModelName> extends Query<Awaited<ReturnType<ReportingQueries[K]>>> {
  readonly args: Parameters<ReportingQueries[K]>;
  constructor(
    readonly readModel: K,
    ...args: Parameters<ReportingQueries[K]>
  ) {
    super();
    this.args = args;
  }
}

type Generated = Awaited<ReturnType<ReportService['generate']>>;

export class GenerateReport extends Command<Generated> {
  constructor(readonly args: Parameters<ReportService['generate']>) {
    super();
  }
}

export class GetStoredReport extends Query<Awaited<ReturnType<ReportService['stored']>>> {
  constructor(readonly reportId: string) {
    super();
  }
}

export class ListReports extends Query<Awaited<ReturnType<ReportService['list']>>> {
  constructor(readonly filter: Parameters<ReportService['list']>[0]) {
    super();
  }
}

@QueryHandler(ReadModelQuery)
export class ReadModelQueryHandler implements IQueryHandler<ReadModelQuery<ReadModelName>> {
  constructor(@Inject(REPORTING_QUERIES) private readonly queries: ReportingQueries) {}

  execute({ readModel, args }: ReadModelQuery<ReadModelName>): Promise<Awaited<ReturnType<ReportingQueries[ReadModelName]>>> {
    const read = this.queries[readModel] as (...a: typeof args) => ReturnType<ReportingQueries[ReadModelName]>;
    return read.apply(this.queries, args);
  }
}

@CommandHandler(GenerateReport)
export class GenerateReportHandler implements ICommandHandler<GenerateReport> {
  constructor(@Inject(REPORT_SERVICE) private readonly reports: ReportService) {}

  execute({ args }: GenerateReport) {
    return this.reports.generate(...args);
  }
}

@QueryHandler(GetStoredReport)
export class GetStoredReportHandler implements IQueryHandler<GetStoredReport> {
  constructor(@Inject(REPORT_SERVICE) private readonly reports: ReportService) {}

  execute({ reportId }: GetStoredReport) {
    return this.reports.stored(reportId);
  }
}

@QueryHandler(ListReports)
export class ListReportsHandler implements IQueryHandler<ListReports> {
  constructor(@Inject(REPORT_SERVICE) private readonly reports: ReportService) {}

  execute({ filter }: ListReports) {
    return this.reports.list(filter);
  }
}

export const REPORTING_USE_CASES = [ReadModelQueryHandler, GenerateReportHandler, GetStoredReportHandler, ListReportsHandler];
