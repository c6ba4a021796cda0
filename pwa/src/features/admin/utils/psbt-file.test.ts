import { describe, expect, it } from 'vitest';
import { psbtFileAsBase64 } from './psbt-file';

// "psbt" 0xff, then a few bytes of a (truncated) unsigned transaction.
const binary = new Uint8Array([0x70, 0x73, 0x62, 0x74, 0xff, 0x01, 0x00, 0x52, 0x02]);
const base64 = 'cHNidP8BAFIC';

describe('psbtFileAsBase64', () => {
  it('encodes a binary PSBT (Sparrow, Bitcoin Core) as base64', async () => {
    expect(await psbtFileAsBase64(new Blob([binary]))).toBe(base64);
  });

  it('takes a base64 text file (Electrum) as it is, without its line breaks', async () => {
    expect(await psbtFileAsBase64(new Blob(['cHNidP8B\nAFIC\n']))).toBe(base64);
  });

  it('turns a hex PSBT into base64', async () => {
    expect(await psbtFileAsBase64(new Blob(['70736274ff01005202\n']))).toBe(base64);
  });

  it('encodes a PSBT larger than one slice of bytes whole', async () => {
    const large = new Uint8Array(100_000).fill(0x41);
    large.set(binary);
    const encoded = await psbtFileAsBase64(new Blob([large]));
    expect(Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0))).toEqual(large);
  });
});
