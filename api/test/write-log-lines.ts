import { createLogger } from '../lib/logger';

// A child process for logger.test.ts: writes N request lines through the real logger, then ends by itself
// (`end`) or by process.exit (`exit`), the two ways a server stops.
const [count = '0', ending = 'end'] = process.argv.slice(2);
const logger = createLogger('info');
for (let i = 0; i < Number(count); i++) logger.info({ i }, 'request');
if (ending === 'exit') process.exit(0);
