import { describe, expect, it } from 'vitest';
import { MEDIA_LIMITS, MEDIA_MESSAGES } from '../../contract/label-media.ts';
import { foldEvents } from '../decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { decide, labelMediaDecider } from './decide.ts';
import type { LabelMediaEvent, StoredMedium } from './events.ts';

const spec = deciderSpec(labelMediaDecider);
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const roll: StoredMedium = { kind: 'roll', unit: 'mm', label_width_mm: 62, label_height_mm: 29, dpi: 300 };
const wideRoll: StoredMedium = { ...roll, label_width_mm: 100 };
const saved = (n: number, name: string, medium = roll): LabelMediaEvent => ({ type: 'LabelMediumSaved', data: { mediumId: id(n), name, medium } });

describe('saved label media', () => {
  it('saves a medium by name', () => {
    spec
      .given([])
      .when({ type: 'SaveLabelMedium', data: { mediumId: id(1), name: 'Cable roll', medium: roll } })
      .then([saved(1, 'Cable roll')]);
  });

  it('refuses a second medium of the same name, whatever its case and spaces, naming the name', () => {
    spec
      .given([saved(1, 'Cable roll')])
      .when({ type: 'SaveLabelMedium', data: { mediumId: id(2), name: '  CABLE ROLL ', medium: wideRoll } })
      .thenThrows(MEDIA_MESSAGES.nameTaken, 'CONFLICT');
    spec
      .given([saved(1, 'Cable roll'), saved(2, 'Wide roll', wideRoll)])
      .when({ type: 'ChangeLabelMedium', data: { mediumId: id(2), name: 'cable Roll', medium: wideRoll } })
      .thenThrows(MEDIA_MESSAGES.nameTaken, 'CONFLICT');
    expect(() =>
      decide({ type: 'SaveLabelMedium', data: { mediumId: id(2), name: 'cable roll', medium: roll } }, foldEvents(labelMediaDecider, [saved(1, 'Cable roll')])),
    ).toThrow(expect.objectContaining({ field: 'name', status: 409 }));
  });

  it('frees a name when its medium is deleted or renamed, and lets a medium change the case of its own name', () => {
    spec
      .given([saved(1, 'Cable roll'), { type: 'LabelMediumDeleted', data: { mediumId: id(1) } }])
      .when({ type: 'SaveLabelMedium', data: { mediumId: id(2), name: 'Cable roll', medium: roll } })
      .then([saved(2, 'Cable roll')]);
    spec
      .given([saved(1, 'Cable roll'), { type: 'LabelMediumChanged', data: { mediumId: id(1), name: 'Old roll', medium: roll } }])
      .when({ type: 'SaveLabelMedium', data: { mediumId: id(2), name: 'cable roll', medium: roll } })
      .then([saved(2, 'cable roll')]);
    spec
      .given([saved(1, 'Cable roll')])
      .when({ type: 'ChangeLabelMedium', data: { mediumId: id(1), name: 'CABLE ROLL', medium: roll } })
      .then([{ type: 'LabelMediumChanged', data: { mediumId: id(1), name: 'CABLE ROLL', medium: roll } }]);
  });

  it(`keeps at most ${MEDIA_LIMITS.saved} saved media`, () => {
    const full = Array.from({ length: MEDIA_LIMITS.saved }, (_, i) => saved(i + 1, `Medium ${i + 1}`));
    spec
      .given(full)
      .when({ type: 'SaveLabelMedium', data: { mediumId: id(MEDIA_LIMITS.saved + 1), name: 'One more', medium: roll } })
      .thenThrows(MEDIA_MESSAGES.tooMany, 'DOMAIN_RULE');
    spec
      .given([...full, { type: 'LabelMediumDeleted', data: { mediumId: id(7) } }])
      .when({ type: 'SaveLabelMedium', data: { mediumId: id(MEDIA_LIMITS.saved + 1), name: 'One more', medium: roll } })
      .then([saved(MEDIA_LIMITS.saved + 1, 'One more')]);
  });

  it('changes a medium, and records nothing when nothing changed, whatever the order of its fields', () => {
    spec
      .given([saved(1, 'Cable roll')])
      .when({ type: 'ChangeLabelMedium', data: { mediumId: id(1), name: 'Cable roll', medium: wideRoll } })
      .then([{ type: 'LabelMediumChanged', data: { mediumId: id(1), name: 'Cable roll', medium: wideRoll } }]);
    const reordered = { dpi: 300, unit: 'mm', kind: 'roll', label_height_mm: 29, label_width_mm: 62 } as StoredMedium;
    spec
      .given([saved(1, 'Cable roll')])
      .when({ type: 'ChangeLabelMedium', data: { mediumId: id(1), name: 'Cable roll', medium: reordered } })
      .then([]);
  });

  it('refuses to change or delete a medium that is not saved', () => {
    spec
      .given([])
      .when({ type: 'ChangeLabelMedium', data: { mediumId: id(1), name: 'Cable roll', medium: roll } })
      .thenThrows(MEDIA_MESSAGES.notFound, 'NOT_FOUND');
    spec
      .given([saved(1, 'Cable roll'), { type: 'LabelMediumDeleted', data: { mediumId: id(1) } }])
      .when({ type: 'DeleteLabelMedium', data: { mediumId: id(1) } })
      .thenThrows(MEDIA_MESSAGES.notFound, 'NOT_FOUND');
    spec
      .given([saved(1, 'Cable roll')])
      .when({ type: 'DeleteLabelMedium', data: { mediumId: id(1) } })
      .then([{ type: 'LabelMediumDeleted', data: { mediumId: id(1) } }]);
  });
});
