import { startTestApp } from '../../test/app';
import { discoverRoutes, routeKey } from './routes';
it('lists', async () => {
  const app = await startTestApp({ env: { ADMIN_PASSWORD: 'x', REPORT_WORKER: 'off' } });
  console.log(discoverRoutes(app.deps).map((r) => `${routeKey(r)} [${r.params}]`).join('\n'));
  await app.close();
});
