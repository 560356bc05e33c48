/**
 * The printable codes of a warehouse stock row: its part number's Code 128 and the QR of each
 * location that holds it, so a shelf edge or a bin can be labelled from the row it stocks.
 */
import { Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { WarehouseStockRow } from '../../api/warehouse-types.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { LocationQrCode, PartBarcode } from '../../components/codes/printable-code.tsx';
import { heldLocations } from './warehouse-stock-model.ts';

export function StockCodesModal({ warehouseNum, row, onClose }: { warehouseNum: number; row: WarehouseStockRow; onClose: () => void }) {
  const held = heldLocations(row);
  return (
    <AppModal opened onClose={onClose} title={`Codes of ${row.material.part_number}`} size="lg">
      <Stack gap="sm">
        <Title order={5}>Part number</Title>
        <PartBarcode partNumber={row.material.part_number} partName={row.material.part_name} />
        {held.length > 0 && (
          <>
            <Divider />
            <Title order={5}>Locations</Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              {held.map((place) => (
                <Stack key={place.place_key} gap={4} align="center">
                  <Text size="sm" fw={600} ta="center" style={{ overflowWrap: 'anywhere' }}>
                    {place.label}
                  </Text>
                  <LocationQrCode warehouseNum={warehouseNum} place={place} label={place.label} />
                </Stack>
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </AppModal>
  );
}
