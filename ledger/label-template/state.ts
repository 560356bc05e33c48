import type { TemplateDataValue } from './events.ts';

/** A template as its stream folds: absent, live, or deleted. */
export type LabelTemplateState = { status: 'absent' } | { status: 'live' | 'deleted'; projectId: string; name: string; templateData: TemplateDataValue };

export const initialLabelTemplateState = (): LabelTemplateState => ({ status: 'absent' });
