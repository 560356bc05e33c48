import { describe, expect, it } from 'vitest';
import { assignmentMail, stockAlertMail } from './mail-texts.ts';

const recipient = { email: 'cy@example.com', user_firstname: 'Cy' };
const project = { project_name: 'Substation', project_number: 'P-1' };
const part = { partNumber: 'CBL-100', partName: 'Cable 100 m' };

describe('notification e-mail texts', () => {
  it('says what was assigned, how much, where, by whom, with a link', () => {
    expect(assignmentMail({ recipient, project, part, quantity: 1200, actorName: 'Max Manager', how: 'assigned' }, 'https://stock.example.com')).toEqual({
      to: 'cy@example.com',
      subject: 'Assigned to you: 1200 × CBL-100 in Substation',
      body: [
        'Hello Cy,',
        '',
        'Max Manager assigned 1,200 units of CBL-100 (Cable 100 m) to you in project Substation (P-1).',
        '',
        "See your project's materials: https://stock.example.com/dashboard",
        '',
        'You receive this because assignment e-mails are on in your profile.',
      ].join('\n'),
    });
  });

  it('names the level, the figure, the threshold and the movement of a stock alert', () => {
    const mail = stockAlertMail(
      {
        recipient,
        project,
        part,
        level: 'low',
        onHand: 1,
        thresholds: { low: 15, critical: 0 },
        actorName: 'Max Manager',
        movement: 'an assignment of 4 to Cy Crew',
      },
      'https://stock.example.com',
    );
    expect(mail.subject).toBe('Low stock: CBL-100 in Substation');
    expect(mail.body).toContain('On hand of CBL-100 (Cable 100 m) in project Substation (P-1) is now 1, below the low threshold of 15.');
    expect(mail.body).toContain('It fell with an assignment of 4 to Cy Crew by Max Manager.');
    expect(mail.body).toContain('https://stock.example.com/dashboard');
  });
});
