/** How an instance is named in pickers and summaries: "LAP-01 · ThinkPad T14 · S/N PF3X9". */
export function instanceLabel(i: { asset_number: string; asset_name: string; serial_number: string | null }): string {
  return [i.asset_number, i.asset_name, i.serial_number ? `S/N ${i.serial_number}` : null].filter(Boolean).join(' · ');
}
