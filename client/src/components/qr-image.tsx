/** A QR code of any text, drawn in the browser (a warehouse location's code, ready for its label). */
import { Center, Image, Loader, Text } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export function QrImage({ value, alt, size = 160 }: { value: string; alt: string; size?: number }) {
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    // Error correction M survives a scuffed label; the margin is the quiet zone scanners need.
    QRCode.toDataURL(value, { errorCorrectionLevel: 'M', margin: 2, width: size * 2 })
      .then((url) => live && setImage(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [value, size]);
  if (failed) return <Text c="red">Could not draw the QR code</Text>;
  return image ? (
    <Image src={image} alt={alt} w={size} h={size} data-code={value} />
  ) : (
    <Center w={size} h={size}>
      <Loader size="sm" />
    </Center>
  );
}
