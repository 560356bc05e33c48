/**
 * The one error shape of the API: `{ error, message }`, plus `field` (the path, e.g. `part_name`)
 * when the message is about one input, so a form can show it beside that input. Every route
 * declares the same map of error answers, so an error's own schema can never turn a 400 into a 500.
 */
import { z } from 'zod';

export const errorBody = z.object({ error: z.string(), message: z.string(), field: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBody>;

export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  415: errorBody,
  422: errorBody,
  423: errorBody,
  429: errorBody,
  500: errorBody,
  503: errorBody,
} as const;

/** "part_name" → "Part name": a field's path in words, for messages that have no label of their own. */
export function fieldLabel(path: string): string {
  const last =
    path
      .split('.')
      .filter((part) => !/^\d+$/.test(part))
      .pop() ?? path;
  const words = last
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
