// BIP 174: every PSBT starts with the magic bytes "psbt" then 0xff.
const magic = [0x70, 0x73, 0x62, 0x74, 0xff];
const magicHex = '70736274ff';

const startsWithMagic = (bytes: Uint8Array) => magic.every((byte, index) => bytes[index] === byte);

function base64Of(bytes: Uint8Array) {
  let binary = '';
  // In slices: String.fromCharCode takes its bytes as arguments, and a large PSBT would overflow the stack.
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  return btoa(binary);
}

const bytesOfHex = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));

/**
 * The signed PSBT a wallet saved, as the base64 text the server takes. Sparrow and Bitcoin Core save the binary
 * format, Electrum and others base64 text, some tools hex: the first two are told apart by BIP 174's magic bytes.
 * Text that is neither is returned trimmed, for the server to judge.
 */
export async function psbtFileAsBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (startsWithMagic(bytes)) return base64Of(bytes);
  const text = new TextDecoder().decode(bytes).replace(/\s+/g, '');
  if (text.toLowerCase().startsWith(magicHex) && /^(?:[0-9a-f]{2})+$/i.test(text)) return base64Of(bytesOfHex(text));
  return text;
}
