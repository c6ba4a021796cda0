import { checkProof, type LiabilityProof, type ProofCheck } from '../../../../api/contracts/liability-tree';
import type { LiabilitySnapshot } from '../../lib/queries/liability-snapshots';

export type { LiabilityProof };

/** The browser's own SHA-256 (WebCrypto), so the check does not rest on any code the site could have changed. */
const webCryptoSha256 = (subtle: SubtleCrypto) => async (bytes: Uint8Array) =>
  new Uint8Array(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));

/**
 * Whether every leaf of the investor's proof leads to the root and total the operator published, in the encoding
 * published for that snapshot, and the leaves add up to the balance the proof states: the paths are recomputed here,
 * then compared with the published snapshot (not with the root the proof itself names).
 */
export async function verifyAgainstPublished(
  proof: LiabilityProof,
  published: LiabilitySnapshot,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<ProofCheck | { ok: false; reason: 'unpublished' }> {
  if (
    proof.snapshotId !== published.id ||
    proof.version !== published.version ||
    proof.root !== published.root ||
    proof.totalCents !== published.totalCents
  ) {
    return { ok: false, reason: 'unpublished' };
  }
  return checkProof(proof, webCryptoSha256(subtle));
}
