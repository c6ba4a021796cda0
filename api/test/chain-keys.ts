import { HDKey } from '@scure/bip32';
import { publicVersions } from '../config/extended-keys';

/** "abandon abandon … about", the BIP39/BIP84 test mnemonic, and its BIP39 seed (no passphrase). */
export const testMnemonic =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const testSeed = Buffer.from(
  '5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4',
  'hex',
);

const privateVersions = { xpub: 0x0488ade4, tpub: 0x04358394, ttub: 0x0436ef7d, Ltub: 0x019d9cfe } as const;
type Form = keyof typeof privateVersions;
const versions = (form: Form) => ({ public: publicVersions[form], private: privateVersions[form] });

/** The account key at `path` of the test mnemonic, in the given form (what a wallet would export). */
export const testAccountKey = (path: string, form: Form = 'xpub') =>
  HDKey.fromMasterSeed(testSeed, versions(form)).derive(path);

export const testXpub = (path: string, form: Form = 'xpub') => testAccountKey(path, form).publicExtendedKey;
export const testXprv = (path: string, form: Form = 'xpub') => testAccountKey(path, form).privateExtendedKey;
