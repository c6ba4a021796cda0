import Koa from 'koa';

// The baseline: Koa alone answering one small JSON route, no middleware, no database. The
// endpoints under test are compared with it to separate our cost from Node's and Koa's.
const app = new Koa();
app.use((ctx) => {
  if (ctx.method === 'GET' && ctx.path === '/bare') ctx.body = { status: 'ok' };
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare koa listening'));
process.once('SIGTERM', () => server.close());
