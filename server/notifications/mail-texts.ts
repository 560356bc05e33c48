/**
 * The words of the notification e-mails: what happened, how much, in which project, who did it,
 * and where to look (the site's public address).
 */
import type { OutgoingMail } from '../mail/outbox.ts';
import type { AlertLevel, Thresholds } from './alert-levels.ts';

export interface ProjectName {
  project_name: string;
  project_number: string;
}

export interface Recipient {
  email: string;
  user_firstname: string;
}

export interface PartRef {
  partNumber: string;
  partName: string;
}

const projectLabel = (project: ProjectName) => (project.project_number ? `${project.project_name} (${project.project_number})` : project.project_name);
const partLabel = (part: PartRef) => (part.partName ? `${part.partNumber} (${part.partName})` : part.partNumber);
const greeting = (recipient: Recipient) => (recipient.user_firstname ? `Hello ${recipient.user_firstname},` : 'Hello,');
const units = (quantity: number) => (quantity === 1 ? '1 unit' : `${quantity.toLocaleString('en-US')} units`);

export interface AssignmentMail {
  recipient: Recipient;
  project: ProjectName;
  part: PartRef;
  quantity: number;
  actorName: string;
  /** Assigned by a person (or a fulfilled request), or found again and back in the holder's field stock. */
  how: 'assigned' | 'found';
}

export function assignmentMail(mail: AssignmentMail, publicUrl: string): OutgoingMail {
  const { recipient, project, part, quantity, actorName } = mail;
  const what =
    mail.how === 'assigned'
      ? `${actorName} assigned ${units(quantity)} of ${partLabel(part)} to you in project ${projectLabel(project)}.`
      : `${actorName} marked ${units(quantity)} of ${partLabel(part)} found and back in your field stock in project ${projectLabel(project)}.`;
  return {
    to: recipient.email,
    subject:
      mail.how === 'assigned'
        ? `Assigned to you: ${quantity} × ${part.partNumber} in ${project.project_name}`
        : `Back in your field stock: ${quantity} × ${part.partNumber} in ${project.project_name}`,
    body: [
      greeting(recipient),
      '',
      what,
      '',
      `See your project's materials: ${publicUrl}/dashboard`,
      '',
      'You receive this because assignment e-mails are on in your profile.',
    ].join('\n'),
  };
}

export interface StockAlertMail {
  recipient: Recipient;
  project: ProjectName;
  part: PartRef;
  level: Exclude<AlertLevel, 'ok'>;
  onHand: number;
  thresholds: Thresholds;
  actorName: string;
  movement: string;
}

export function stockAlertMail(mail: StockAlertMail, publicUrl: string): OutgoingMail {
  const { recipient, project, part, onHand, thresholds, actorName } = mail;
  const below =
    mail.level === 'critical'
      ? `at or below the critical threshold of ${thresholds.critical.toLocaleString('en-US')}`
      : `below the low threshold of ${thresholds.low.toLocaleString('en-US')}`;
  return {
    to: recipient.email,
    subject: `${mail.level === 'critical' ? 'Critical stock' : 'Low stock'}: ${part.partNumber} in ${project.project_name}`,
    body: [
      greeting(recipient),
      '',
      `On hand of ${partLabel(part)} in project ${projectLabel(project)} is now ${onHand.toLocaleString('en-US')}, ${below}.`,
      `It fell with ${mail.movement} by ${actorName}.`,
      '',
      `See the project's inventory: ${publicUrl}/dashboard`,
      '',
      'You receive this because stock alert e-mails are on in your profile.',
    ].join('\n'),
  };
}
