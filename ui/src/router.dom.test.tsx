import { render, screen } from '@testing-library/react';
import { MemoryRouter, RouteTable, useParams } from './router';

/** A remote's route list → its screens, inside the host's router (here a memory router). */
function Report({ apiBase }: { apiBase: string }) {
  const { reportId = 'none' } = useParams();
  return (
    <h1>
      report {reportId} from {apiBase || 'this origin'}
    </h1>
  );
}
const Products = () => <h1>products</h1>;
const ROUTES = [{ path: '/products' }, { path: '/report/:reportId?' }];
const SCREENS = { '/products': Products, '/report/:reportId?': Report };

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <main>
        <RouteTable routes={ROUTES} screens={SCREENS} props={{ apiBase: 'https://api.example' }} />
      </main>
    </MemoryRouter>,
  );

describe('RouteTable', () => {
  it("renders the screen of the route that matches, with the remote's props and the path's parameters", () => {
    at('/report/r-42');
    expect(screen.getByRole('heading').textContent).toBe('report r-42 from https://api.example');
  });

  it('an optional last parameter may be absent', () => {
    at('/report');
    expect(screen.getByRole('heading').textContent).toBe('report none from https://api.example');
  });

  it('renders nothing for a path its list does not have', () => {
    at('/nope');
    expect(screen.getByRole('main').innerHTML).toBe('');
  });
});
