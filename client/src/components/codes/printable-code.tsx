/**
 * A code drawn on the screen with a Print button that prints it, with its caption, on a page of its
 * own (as an asset's QR prints): a part number's Code 128 and a warehouse location's QR.
 */
import { Button, Center, Image, Loader, Stack, Text } from '@mantine/core';
import type { LocationPlace } from '@contract/scan-code.ts';
import { useEffect, useState } from 'react';
import { type CodeImage, locationQr, partBarcode, svgDataUrl } from './code-images.ts';

/** Opens the code and its caption in a window of their own and prints it. */
export function printCode(image: CodeImage, caption: string, alt: string): void {
  const label = window.open('', '_blank', 'width=420,height=520');
  if (!label) return;
  const doc = label.document;
  doc.title = caption;
  const img = doc.createElement('img');
  img.src = svgDataUrl(image.svg);
  img.alt = alt;
  img.style.maxWidth = '90%';
  const text = doc.createElement('p');
  text.textContent = caption;
  text.style.font = '14px sans-serif';
  doc.body.append(img, text);
  img.onload = () => label.print();
}

interface PrintableCodeProps {
  draw: () => Promise<CodeImage>;
  /** Changes when the code does: the drawing is redone. */
  drawKey: string;
  alt: string;
  caption: string;
  /** Shown size: a QR is square, a barcode wide. */
  width: number;
  height: number;
}

function PrintableCode({ draw, drawKey, alt, caption, width, height }: PrintableCodeProps) {
  const [image, setImage] = useState<CodeImage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawKey names the code; draw is a new function each render
  useEffect(() => {
    let live = true;
    setImage(null);
    setFailure(null);
    draw()
      .then((drawn) => live && setImage(drawn))
      .catch((error: unknown) => live && setFailure(error instanceof Error ? error.message : 'Could not draw the code'));
    return () => {
      live = false;
    };
  }, [drawKey]);

  if (failure)
    return (
      <Text size="sm" c="dimmed">
        {failure}
      </Text>
    );
  return (
    <Stack gap={4} align="center">
      {image ? (
        <Image src={svgDataUrl(image.svg)} alt={alt} w={width} h={height} fit="contain" data-code={image.text} />
      ) : (
        <Center w={width} h={height}>
          <Loader size="sm" />
        </Center>
      )}
      <Text size="xs" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
        {image?.text ?? ''}
      </Text>
      <Button size="compact-sm" variant="default" onClick={() => image && printCode(image, caption, alt)} disabled={!image} aria-label={`Print ${alt}`}>
        Print label
      </Button>
    </Stack>
  );
}

/** A part number's Code 128. */
export function PartBarcode({ partNumber, partName }: { partNumber: string; partName: string }) {
  return (
    <PrintableCode
      draw={() => partBarcode(partNumber)}
      drawKey={partNumber}
      alt={`Code 128 of part ${partNumber}`}
      caption={`${partNumber} · ${partName}`}
      width={240}
      height={100}
    />
  );
}

/** A warehouse location's QR (its LOC: code). */
export function LocationQrCode({ warehouseNum, place, label }: { warehouseNum: number; place: LocationPlace; label: string }) {
  const key = `${warehouseNum}:${place.rack}|${place.shelf}|${place.bin}|${place.zone}`;
  return (
    <PrintableCode
      draw={() => locationQr(warehouseNum, place)}
      drawKey={key}
      alt={`QR code of location ${label}`}
      caption={`Warehouse #${warehouseNum} · ${label}`}
      width={140}
      height={140}
    />
  );
}
