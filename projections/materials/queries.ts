/** Reads of `materials`: the catalogue shared by every project. */
import type { CatalogPart } from '../../contract/materials.ts';
import type { Db } from '../../ledger/database.ts';
import { partDisplay } from '../material-stock/queries.ts';

/** Every part of the catalogue, by part number. */
export async function catalogue(db: Db): Promise<CatalogPart[]> {
  const rows = await db.selectFrom('materials').select(['material_id', 'part_number', 'part_name', 'part_nickname']).orderBy('part_number').execute();
  return rows.map((m) => ({ ...m, display: partDisplay(m) }));
}
