import { describe, expect, it } from 'vitest';
import { LABEL_MESSAGES } from '../../contract/labels.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { decide, labelTemplateDecider, TEMPLATE_NOT_FOUND } from './decide.ts';
import type { LabelTemplateEvent, TemplateDataValue } from './events.ts';

const spec = deciderSpec(labelTemplateDecider);
const templateId = '00000000-0000-4000-8000-000000000001';
const projectId = '00000000-0000-4000-8000-000000000002';
const otherProject = '00000000-0000-4000-8000-000000000003';
const templateData: TemplateDataValue = {
  columns: ['Rack', 'Port'],
  lines: [{ id: 'l1', fields: [{ name: 'Rack', prependText: 'R', appendText: '' }], separator: ' ', casing: 'none' }],
};
const created: LabelTemplateEvent = { type: 'LabelTemplateCreated', data: { templateId, projectId, name: 'Racks', templateData } };

describe('label template aggregate', () => {
  it('creates a template', () => {
    spec
      .given([])
      .when({ type: 'CreateLabelTemplate', data: { templateId, projectId, name: 'Racks', templateData } })
      .then([created]);
  });

  it('records a change, and nothing when nothing changed', () => {
    spec
      .given([created])
      .when({ type: 'ChangeLabelTemplate', data: { templateId, projectId, name: 'Racks 2', templateData } })
      .then([{ type: 'LabelTemplateChanged', data: { templateId, projectId, name: 'Racks 2', templateData } }]);
    spec
      .given([created])
      .when({ type: 'ChangeLabelTemplate', data: { templateId, projectId, name: 'Racks', templateData } })
      .then([]);
  });

  it('does not let another project change or delete the template', () => {
    spec
      .given([created])
      .when({ type: 'DeleteLabelTemplate', data: { templateId, projectId: otherProject } })
      .thenThrows(TEMPLATE_NOT_FOUND, 'NOT_FOUND');
  });

  it('refuses a template whose lines have no field, naming the lines', () => {
    const noField: TemplateDataValue = { columns: ['Rack'], lines: [{ id: 'l1', fields: [], separator: ' ', casing: 'none', leaveBlankIfNoData: true }] };
    spec
      .given([])
      .when({ type: 'CreateLabelTemplate', data: { templateId, projectId, name: 'Empty', templateData: noField } })
      .thenThrows(LABEL_MESSAGES.templateFieldRequired, 'VALIDATION');
    spec
      .given([created])
      .when({ type: 'ChangeLabelTemplate', data: { templateId, projectId, name: 'Racks', templateData: noField } })
      .thenThrows(LABEL_MESSAGES.templateFieldRequired, 'VALIDATION');
    expect(() => decide({ type: 'CreateLabelTemplate', data: { templateId, projectId, name: 'Empty', templateData: noField } }, { status: 'absent' })).toThrow(
      expect.objectContaining({ field: 'template_data.lines' }),
    );
  });

  it('refuses to change a deleted template', () => {
    spec
      .given([created, { type: 'LabelTemplateDeleted', data: { templateId, projectId } }])
      .when({ type: 'ChangeLabelTemplate', data: { templateId, projectId, name: 'Again', templateData } })
      .thenThrows(TEMPLATE_NOT_FOUND, 'NOT_FOUND');
  });
});
