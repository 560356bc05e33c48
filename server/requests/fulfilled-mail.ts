/** The "request fulfilled" e-mail (spec 01 §7 notify-fulfilled): the requester, the lines and quantities, and the image link. */
import type { RequestDetail } from '../../contract/requests.ts';
import type { OutgoingMail } from '../mail/outbox.ts';

export interface FulfilledMailOptions {
  /** The greeting's name; the requester's first word by default. */
  firstname?: string;
  /** The lines as the screen listed them; by default the request's fulfilled lines. */
  matlist?: Array<{ name: string; qty: number }>;
  imageUrl: string | null;
  link: string;
}

export function fulfilledMail(request: RequestDetail, options: FulfilledMailOptions): OutgoingMail {
  const name = options.firstname?.trim() || request.requester_name.split(' ')[0] || request.requester_email;
  const lines =
    options.matlist && options.matlist.length > 0
      ? options.matlist.map((m) => `  ${m.name}  × ${m.qty}`)
      : request.picklist.filter((l) => l.status === 'fulfilled').map((l) => `  ${l.part_number}  ${l.part_name}  × ${l.qty}`);
  const image = options.imageUrl ?? request.image_url;
  const body = [
    `Hi ${name},`,
    '',
    `Your request R-${request.num} in ${request.project_name} (${request.project_number}) has been fulfilled:`,
    '',
    ...(lines.length > 0 ? lines : ['  (no lines were fulfilled)']),
    '',
    ...(image ? [`Image: ${image}`, ''] : []),
    `See your requests at ${options.link}`,
    '',
  ].join('\n');
  return { to: request.requester_email, subject: `Request R-${request.num} fulfilled`, body };
}
