import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { commandsWriting } from '../../ledger/command-runner.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { ReadYield } from '../http/read-yield.ts';

/** GET requests wait their turn while a command batch is being written (see ReadYield). */
export const readYieldPlugin = fp(async (app: FastifyInstance, options: { store: EventStore }) => {
  const reads = new ReadYield(() => commandsWriting(options.store));
  app.addHook('onRequest', (request, _reply, done) => {
    const wait = request.method === 'GET' ? reads.admit() : undefined;
    if (wait) void wait.then(() => done());
    else done();
  });
});
