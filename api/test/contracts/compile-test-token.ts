import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import solc from 'solc';

// Compiles TestToken.sol into the committed artifact the tests deploy: `npx tsx api/test/contracts/compile-test-token.ts`.
const here = import.meta.dirname;
const input = {
  language: 'Solidity',
  sources: { 'TestToken.sol': { content: readFileSync(join(here, 'TestToken.sol'), 'utf8') } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { TestToken: ['abi', 'evm.bytecode.object'] } },
  },
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((error: { severity: string }) => error.severity === 'error');
if (errors.length > 0)
  throw new Error(errors.map((error: { formattedMessage: string }) => error.formattedMessage).join('\n'));
const contract = output.contracts['TestToken.sol'].TestToken;
const artifact = { compiler: solc.version(), abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
writeFileSync(join(here, 'test-token.json'), `${JSON.stringify(artifact, null, 2)}\n`);
console.log(`test-token.json written (solc ${solc.version()})`);
