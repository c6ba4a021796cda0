export * from '../../../api/contracts/languages';
