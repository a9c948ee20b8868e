import { Test } from '@nestjs/testing';
import { DatabaseModule } from '@app/database';
import { PlatformKitModule } from '@app/platform-kit';
import { createTestDatabase, TestDatabase } from '@app/testing';
import { DEFAULT_CALENDARS, JurisdictionCalendars } from './calendar/reporting-config';
import { ReportingModule } from './reporting.module';
import { REPORT_SERVICE } from './reporting.tokens';
import { ReportService } from './reports/report.service';

describe('ReportingModule wires one report service', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('rep_module', 2);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("periods its reports by the gaming days it was configured with (a VIC gaming day starting 04:00), the same calendars its read models use", async () => {
    const calendars: JurisdictionCalendars = { ...DEFAULT_CALENDARS, VIC: { ...DEFAULT_CALENDARS.VIC, gamingDayStart: '04:00' } };
    const moduleRef = await Test.createTestingModule({
      imports: [
        DatabaseModule.forRoot({ url: db.url, poolSize: 4 }),
        PlatformKitModule.forRoot({ serviceName: 'reporting', authSecret: 'reporting-module-test' }),
        ReportingModule.forRoot({ brokers: [], calendars, scheduler: { enabled: false } }),
      ],
    }).compile();
    const app = moduleRef.createNestApplication({ logger: false });
    await app.init();
    try {
      expect(app.get<ReportService>(REPORT_SERVICE, { strict: false }).calendars).toEqual(calendars);
    } finally {
      await app.close();
    }
  });
});
