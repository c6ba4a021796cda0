import { useEffect, useState } from 'react';
import { Spinner } from './spinner';

/** A QR image drawn in the browser; the `qrcode` library loads only when one is shown. */
export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(text, { margin: 1, width: size, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSource(url));
    return () => {
      live = false;
    };
  }, [text, size]);
  return source ? (
    <img className="qr-code" src={source} alt={label} width={size} height={size} />
  ) : (
    <Spinner label={label} />
  );
}
