import type { TemplateDataValue } from './events.ts';

/** Commands of one label template; its id is chosen by the caller. */
export type LabelTemplateCommand =
  | { type: 'CreateLabelTemplate'; data: { templateId: string; projectId: string; name: string; templateData: TemplateDataValue } }
  | { type: 'ChangeLabelTemplate'; data: { templateId: string; projectId: string; name: string; templateData: TemplateDataValue } }
  | { type: 'DeleteLabelTemplate'; data: { templateId: string; projectId: string } };
