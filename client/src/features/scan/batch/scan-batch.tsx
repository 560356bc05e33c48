/** Batch mode of the scan page: scan many, then act once (built in this folder). */
export interface ScanBatchProps {
  /** The project or warehouse the page is in, preselected as the destination. */
  projectId: string | null;
  warehouseId: string | null;
}

export function ScanBatch(_props: ScanBatchProps) {
  return null;
}
