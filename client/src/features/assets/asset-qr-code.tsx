/** A QR code of an instance's tracker link, drawn in the browser, with the link beneath it. */
import { Center, Image, Loader, Stack, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { instanceLabel } from './instance-label.ts';
import { trackerUrl } from '@contract/scan-paths.ts';

interface AssetQrCodeProps {
  instanceId: string;
  asset: { asset_number: string; asset_name: string; serial_number: string | null };
}

export function AssetQrCode({ instanceId, asset }: AssetQrCodeProps) {
  const link = trackerUrl(window.location.origin, instanceId);
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    // Error correction M survives a scuffed label; the margin is the quiet zone scanners need.
    QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, width: 240 })
      .then((url) => live && setImage(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [link]);

  if (failed) return <Text c="red">Could not draw the QR code</Text>;
  return (
    <Stack gap={4} align="center">
      {image ? (
        <Image src={image} alt={`QR code of the tracker link of ${instanceLabel(asset)}`} w={160} h={160} data-link={link} />
      ) : (
        <Center w={160} h={160}>
          <Loader size="sm" />
        </Center>
      )}
      <Text size="xs" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
        {link}
      </Text>
    </Stack>
  );
}
