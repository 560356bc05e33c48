/**
 * A part of the shared catalogue. Loaded by folding its stream: a part has a handful of events
 * (defined, the odd rename), cheaper to replay than to keep a snapshot in step.
 */
export interface MaterialState {
  defined: boolean;
  materialId: string | null;
  partNumber: string;
  partName: string;
  partNickname: string;
}

export const initialMaterialState = (): MaterialState => ({
  defined: false,
  materialId: null,
  partNumber: '',
  partName: '',
  partNickname: '',
});
