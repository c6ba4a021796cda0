import { HDKey } from '@scure/bip32';

/**
 * The version bytes of the extended keys wallets export (SLIP-132), so a key is read whichever
 * form the operator's wallet shows: Electrum and Sparrow give zpub/vpub, Litecoin wallets Ltub/ttub,
 * Dogecoin ones dgub, hardware wallets and MetaMask xpub/tpub. Only the public halves are accepted.
 */
export const publicVersions = {
  xpub: 0x0488b21e,
  ypub: 0x049d7cb2,
  zpub: 0x04b24746,
  tpub: 0x043587cf,
  upub: 0x044a5262,
  vpub: 0x045f1cf6,
  Ltub: 0x019da462,
  Mtub: 0x01b26ef6,
  ttub: 0x0436f6e1,
  dgub: 0x02facafd,
} as const;
export type PublicPrefix = keyof typeof publicVersions;

const privatePrefixes = ['xprv', 'yprv', 'zprv', 'tprv', 'uprv', 'vprv', 'Ltpv', 'Mtpv', 'ttpv', 'dgpv'];
const privateKeyPattern = new RegExp(`(${privatePrefixes.join('|')})[1-9A-HJ-NP-Za-km-z]{100,}`);

/** Where in a parsed JSON document a private extended key sits (`chains.litecoin.xpub`), if anywhere. */
export function findPrivateKey(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return privateKeyPattern.test(value) ? path.join('.') || '(root)' : undefined;
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const found = findPrivateKey(child, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Reads a public extended key of one of the known versions; undefined when it is none of them or malformed. */
export function readExtendedPublicKey(key: string): { prefix: PublicPrefix; hdKey: HDKey } | undefined {
  const prefix = key.slice(0, 4) as PublicPrefix;
  const version = publicVersions[prefix];
  if (version === undefined) return undefined;
  try {
    // The private version is never used (the key has no private half); any distinct number will do.
    const hdKey = HDKey.fromExtendedKey(key, { public: version, private: 0 });
    return hdKey.privateKey ? undefined : { prefix, hdKey };
  } catch {
    return undefined;
  }
}
