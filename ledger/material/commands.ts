export type MaterialCommand =
  | {
      type: 'DefineMaterial';
      data: { materialId: string; partNumber: string; partName: string; partNickname: string };
    }
  | {
      type: 'EditMaterialDetails';
      data: { partName: string; partNickname: string; newPartNumber?: string | null; note?: string | null };
    };
