import { DynamicModule, Inject, Injectable, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Messaging, MessagingOptions } from '../messaging';

/** Injection token of the service's Messaging (relay, consumers, health). */
export const MESSAGING = Symbol('MESSAGING');

@Injectable()
class MessagingLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(MESSAGING) private readonly messaging: Messaging) {}

  onApplicationBootstrap(): Promise<void> {
    return this.messaging.start();
  }

  // Needs app.enableShutdownHooks() so SIGTERM stops the relay after its batch in flight.
  onApplicationShutdown(): Promise<void> {
    return this.messaging.stop();
  }
}

export interface MessagingModuleAsyncOptions {
  readonly imports?: DynamicModule['imports'];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Nest's own factory signature
  readonly inject?: any[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Nest's own factory signature
  readonly useFactory: (...deps: any[]) => MessagingOptions | Promise<MessagingOptions>;
}

/**
 * Starts a service's relay and consumers on bootstrap and stops them on shutdown; Kafka when KAFKA_BROKERS
 * is set, the embedded transport otherwise. Inject `MESSAGING` for the health indicator or rebuilds.
 */
@Module({})
export class MessagingModule {
  static forRoot(options: MessagingOptions): DynamicModule {
    return MessagingModule.forRootAsync({ useFactory: () => options });
  }

  static forRootAsync(options: MessagingModuleAsyncOptions): DynamicModule {
    return {
      module: MessagingModule,
      imports: options.imports ?? [],
      providers: [
        { provide: MESSAGING, inject: options.inject ?? [], useFactory: async (...deps: unknown[]) => new Messaging(await options.useFactory(...deps)) },
        MessagingLifecycle,
      ],
      exports: [MESSAGING],
    };
  }
}
