import { startTestApp, type TestApp } from '../../test/app';
import { routers } from '../routes';
import { passable } from './mountRouters';

/** The app's own routers meet what mountRouters needs to pass them by (else it mounts them one by one). */
describe("the app's routers", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { REPORT_WORKER: 'off' } });
  });
  afterAll(() => app.close());

  it('can be passed by when their paths do not match', () => {
    expect(passable(routers.map((make) => make(app.deps)))).toBe(true);
  });
});
