import Koa from 'koa';
import { connectDatabase } from '../api/db/connect';

// The baseline of the database-backed endpoints: a Koa route doing one indexed SELECT (a user by
// primary key) through the same Knex + pg pool the API uses, with no other middleware.
const db = connectDatabase({ databaseUrl: process.env.DATABASE_URL, pgliteDir: '' });
const app = new Koa();
app.use(async (ctx) => {
  if (ctx.method !== 'GET') return;
  if (ctx.path === '/ready') ctx.body = { status: 'ok' };
  else if (ctx.path.startsWith('/user/')) {
    ctx.body = await db('users')
      .where({ id: ctx.path.slice('/user/'.length) })
      .first('id', 'email', 'role');
  }
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('indexed-select koa listening'));
process.once('SIGTERM', () => server.close(() => void db.destroy()));
