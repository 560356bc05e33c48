/**
 * The webhook sender's test bed: a database with an endpoint owner, a fresh verifying receiver per
 * test, and senders started with a test's defaults and stopped after each test.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startWebhookSender, type WebhookSender, type WebhookSenderOptions } from '../../server/webhooks/sender.ts';
import { openTestRuntime } from './test-database.ts';
import { createUser } from './test-app.ts';
import { type Receiver, startReceiver } from './webhook-receiver.ts';

export interface SenderBed {
  readonly runtime: Awaited<ReturnType<typeof openTestRuntime>>;
  /** Who created the endpoints (their e-mails go to this person). */
  readonly userId: string;
  readonly receiver: Receiver;
  start(overrides?: Partial<WebhookSenderOptions>): WebhookSender;
}

export function senderTestBed(ownerEmail: string, defaults: Partial<WebhookSenderOptions> = {}): SenderBed {
  let runtime: SenderBed['runtime'] | undefined;
  let userId = '';
  let receiver: Receiver | undefined;
  const senders: WebhookSender[] = [];
  beforeAll(async () => {
    runtime = await openTestRuntime();
    userId = (await createUser(runtime, ownerEmail, 'a-long-password-1')).userId;
  });
  afterAll(async () => {
    await runtime?.close();
  });
  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((s) => s.stop()));
    await receiver?.close();
  });
  return {
    get runtime() {
      return runtime!;
    },
    get userId() {
      return userId;
    },
    get receiver() {
      return receiver!;
    },
    start(overrides = {}) {
      const sender = startWebhookSender({
        db: runtime!.store.db,
        log: { warn: () => undefined },
        allowPrivate: async () => true,
        pollMs: 25,
        ...defaults,
        ...overrides,
      });
      senders.push(sender);
      return sender;
    },
  };
}
