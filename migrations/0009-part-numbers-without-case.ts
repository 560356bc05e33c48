import { sql, type Kysely } from 'kysely';

/**
 * Part numbers compare without case everywhere (`brk-011` finds `BRK-011`), stored as first written.
 * The index makes those lookups cheap and, where the catalogue has no two numbers that differ only
 * by case, refuses such a pair from now on; a catalogue that already holds one keeps a plain index
 * (lookups then prefer the exact spelling) until the pair is renumbered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    do $$
    begin
      if exists (select 1 from materials group by lower(part_number) having count(*) > 1) then
        create index materials_part_number_lower on materials (lower(part_number));
      else
        create unique index materials_part_number_lower on materials (lower(part_number));
      end if;
    end $$`.execute(db);
}
