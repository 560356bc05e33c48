/**
 * A stock count end to end on phones (390×844): a manager opened a blind count of a project through
 * the API with a plain member as its counter. The counter scans three parts (one unit per scan) and
 * sends the batch, then types the fourth line; the manager reviews the variance and asks for one
 * line to be counted again; the counter recounts it; the manager posts, and the project's logs show
 * a "Count" row. Screenshots of the counting and review pages are checked for fit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ApiSession, createProject, createUser, materialFigures, type Member, receive } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { pageOverflow } from './helpers/layout.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, seen, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let counterPhone: Browser;
let managerPhone: Browser;
let projectId = '';
let counter: Member;
let manager: Member;
const PROJECT = '5001 · Mill Lane';
const COUNT = 'November stocktake';
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  server = await startServer();
  const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  projectId = (await createProject(admin, 'Mill Lane', '5001', 'Rail Co')).id;
  counter = await createUser(admin, { first: 'Casey', last: 'Counter', email: 'casey@example.com', password: 'count-it-2026' });
  manager = await createUser(admin, { first: 'Mia', last: 'Manager', email: 'mia@example.com', password: 'manage-it-2026' });
  await addMember(admin, projectId, counter.id, 'user');
  await addMember(admin, projectId, manager.id, 'manager');
  await receive(admin, projectId, 'BRK-014', 3, 'Breaker 6 A');
  await receive(admin, projectId, 'CAB-220', 2, 'Armoured cable 25 m');
  await receive(admin, projectId, 'FUS-10', 1, 'Fuse 10 A');
  await receive(admin, projectId, 'GLV-3', 12, 'Work gloves');
  const managerApi = await ApiSession.signIn(server.url, manager.email, manager.password);
  await managerApi.post('/api/counts', {
    name: COUNT,
    location: { kind: 'project', id: projectId },
    scope: { kind: 'all' },
    counters: [counter.id],
    blind: true,
    double_count: false,
  });
  counterPhone = await openBrowser(PHONE);
  managerPhone = await openBrowser(PHONE);
}, 90_000);
afterAll(async () => {
  await counterPhone?.close();
  await managerPhone?.close();
  await server?.stop();
});

/** Signs in on a phone and opens the project's counts, as the sidebar's "Counts" entry does. */
async function openCounts(browser: Browser, person: Member) {
  const { page } = browser;
  await signIn(page, server.url, person.email, person.password);
  await chooseProject(page, PROJECT);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await page.getByRole('link', { name: 'Counts', exact: true }).click();
  await page.waitForURL(/\/dashboard\/counts$/);
}

/** Types a code into the scan box as a person (or a slow scanner) does, then Enter. */
async function scanCode(browser: Browser, code: string) {
  const box = browser.page.getByRole('textbox', { name: 'Scan or type a code' });
  await box.click();
  await box.pressSequentially(code, { delay: 60 });
  await box.press('Enter');
}

async function typeCount(browser: Browser, what: string, quantity: string) {
  const { page } = browser;
  await page.getByRole('tab', { name: 'Type' }).click();
  await page.getByRole('textbox', { name: 'Line or part number' }).fill(what);
  await page.getByRole('textbox', { name: 'Quantity' }).fill(quantity);
  await page.getByRole('button', { name: 'Add count' }).click();
}

const lineCard = (browser: Browser, part: string) => browser.page.getByRole('listitem', { name: new RegExp(`^Line \\d+ ${part}$`) });

describe('stock count', () => {
  it('counts by scanning and typing on a phone, reviews, recounts one line, posts, and the logs show the count', async () => {
    // The counter: three parts scanned into a batch, one line typed.
    const c = counterPhone.page;
    await openCounts(counterPhone, counter);
    await c.getByRole('link', { name: `Count ${COUNT}` }).click();
    await expect.poll(seen(c, '0 of 4 lines counted')).toBe(true);
    await c.getByRole('tab', { name: 'Scan' }).click();
    for (const code of ['BRK-014', 'BRK-014', 'CAB-220', 'BRK-014', 'FUS-10']) await scanCode(counterPhone, code);
    await expect.poll(visible(c.getByRole('listitem', { name: 'BRK-014 at No location' }).getByLabel('3 counted'))).toBe(true);
    expect(await pageOverflow(c)).toBe(0);
    await settledShot(counterPhone, 'counts-scan-batch');
    await c.getByRole('button', { name: 'Send batch (5 units)' }).click();
    await expect.poll(seen(c, '3 of 4 lines counted')).toBe(true);
    await typeCount(counterPhone, 'GLV-3', '11');
    await expect.poll(seen(c, '4 of 4 lines counted')).toBe(true);
    expect(await c.getByText(/waiting to send/).count()).toBe(0);
    // Blind: nothing on the counter's screen says what the books expect.
    expect(await c.getByText(/expected/i).count()).toBe(0);
    expect(await pageOverflow(c)).toBe(0);
    await settledShot(counterPhone, 'counts-counting');

    // The manager: the variance, and one line sent back to be counted again.
    const m = managerPhone.page;
    await openCounts(managerPhone, manager);
    await expect.poll(visible(m.getByRole('listitem', { name: COUNT }))).toBe(true);
    expect(await pageOverflow(m)).toBe(0);
    await settledShot(managerPhone, 'counts-list');
    await m.getByRole('link', { name: `Review ${COUNT}` }).click();
    await expect.poll(seen(m, 'Counted 4 of 4')).toBe(true);
    const cable = lineCard(managerPhone, 'CAB-220');
    await expect.poll(visible(cable.getByText('Expected 2'))).toBe(true);
    expect(await cable.getByText('-1 (-50 %)').isVisible()).toBe(true);
    await cable.getByRole('checkbox').check();
    await m.getByRole('button', { name: 'Ask for recount (1)' }).click();
    await expect.poll(visible(cable.getByText('Recount'))).toBe(true);
    expect(await pageOverflow(m)).toBe(0);
    await settledShot(managerPhone, 'counts-review');

    // The counter sees the line come back and counts it again.
    await expect.poll(visible(lineCard(counterPhone, 'CAB-220').getByText('Recount')), { timeout: 15_000 }).toBe(true);
    await typeCount(counterPhone, 'CAB-220', '2');
    await expect.poll(visible(lineCard(counterPhone, 'CAB-220').getByText('You counted 2'))).toBe(true);

    // The manager posts: one adjustment (the gloves), said before it is made.
    await expect.poll(visible(cable.getByText('Counted 2')), { timeout: 15_000 }).toBe(true);
    await m.getByRole('button', { name: 'Post count' }).click();
    const confirm = m.getByRole('dialog', { name: 'Post this count?' });
    await expect.poll(visible(confirm.getByText(/Posting makes 1 adjustment,/))).toBe(true);
    await confirm.getByRole('button', { name: 'Post count' }).click();
    await expect.poll(seen(m, 'Count posted')).toBe(true);
    await settledShot(managerPhone, 'counts-posted');

    const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
    expect((await materialFigures(admin, projectId, 'GLV-3')).onHand).toBe(11);

    // The project's logs show the count.
    await m.goto(`${server.url}/dashboard/receive_return`);
    // On a phone the logs are cards; each row carries its type either way.
    const countRow = m.locator('[data-log-type="Count"]');
    await expect.poll(visible(countRow)).toBe(true);
    expect(await countRow.first().textContent()).toContain('GLV-3');
    await settledShot(managerPhone, 'counts-project-logs');
  }, 180_000);
});
