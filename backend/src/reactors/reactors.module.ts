import { type DynamicModule, Module } from '@nestjs/common';
import { type Reactor } from './reactor.js';
import { REACTORS, ReactorRunner } from './reactor-runner.js';

/** The reactors it is given (the app's: `appReactors` in app.module.ts), fed from the event log in worker processes. */
@Module({})
export class ReactorsModule {
  static forRoot(reactors: readonly Reactor[]): DynamicModule {
    return {
      module: ReactorsModule,
      providers: [{ provide: REACTORS, useValue: reactors }, ReactorRunner],
    };
  }
}
