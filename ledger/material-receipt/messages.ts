/** The words a receive of a part new to the catalogue is refused with (spec 01 §4 Receive). */
export const NEW_PART_NEEDS_NAMES = 'A new part needs a part number, a part name and a nickname';
