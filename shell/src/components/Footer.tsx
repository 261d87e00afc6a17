import { Link, useLocation } from '@val/ui/router';
import styled from 'styled-components';
import { SOCIAL_LINKS } from '@val/content';
import { Container, t } from '@val/ui';

const Foot = styled.footer`
  border-top: 1px solid ${t.border};
  background: ${t.bgSunken};
  padding: 40px 0 28px;
  margin-top: 40px;
  color: ${t.textMuted};
  font-size: 0.92rem;
`;
const Cols = styled.div`
  display: grid;
  grid-template-columns: 2fr repeat(3, 1fr);
  gap: 24px;
  @media (max-width: 720px) {
    grid-template-columns: 1fr 1fr;
    & > div:first-child {
      grid-column: 1 / -1;
    }
  }
  h3 {
    color: ${t.text};
    font-size: 0.95rem;
    margin: 0 0 10px;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: 6px;
  }
  a {
    color: ${t.textMuted};
    text-decoration: none;
  }
  a:hover {
    color: ${t.text};
    text-decoration: underline;
  }
`;

/** Internal footer links; each resolves to a real page (no 404). */
export const FOOTER_LINKS: ReadonlyArray<{ to: string; label: string; group: 'Product' | 'Company' | 'Legal' }> = [
  { to: '/enterprise', label: 'Enterprise', group: 'Product' },
  { to: '/#products', label: 'Research reports', group: 'Product' },
  { to: '/consulting', label: 'Consulting', group: 'Product' },
  { to: '/api', label: 'API', group: 'Product' },
  { to: '/about', label: 'About', group: 'Company' },
  { to: '/security', label: 'Security', group: 'Company' },
  { to: '/privacy', label: 'Privacy Policy', group: 'Legal' },
  { to: '/terms', label: 'Terms of Service', group: 'Legal' },
];

export function Footer() {
  const groups = ['Product', 'Company', 'Legal'] as const;
  const { pathname } = useLocation();
  /** On the home page a hash link scrolls right away (also when the hash is already in the URL). */
  const onHashLink = (to: string) => (e: React.MouseEvent) => {
    if (pathname !== '/') return;
    const el = document.getElementById(to.slice(2));
    if (!el) return;
    e.preventDefault();
    window.history.replaceState(null, '', to);
    el.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <Foot>
      <Container>
        <Cols>
          <div>
            <h3>Val</h3>
            <p style={{ margin: 0 }}>An AI mentor that helps founders test an idea before they bet on it.</p>
            <ul style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 16px', marginTop: 12 }} aria-label="Social links">
              {SOCIAL_LINKS.map((s) => (
                <li key={s.href}>
                  <a href={s.href} target="_blank" rel="noopener noreferrer" aria-label={`${s.label} (opens in a new tab)`}>
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          {groups.map((g) => (
            <nav key={g} aria-label={g}>
              <h3>{g}</h3>
              <ul>
                {FOOTER_LINKS.filter((l) => l.group === g).map((l) => (
                  <li key={l.to}>
                    <Link to={l.to} onClick={l.to.startsWith('/#') ? onHashLink(l.to) : undefined}>
                      {l.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </Cols>
        <p style={{ marginTop: 28 }}>© {new Date().getFullYear()} Val. All rights reserved.</p>
      </Container>
    </Foot>
  );
}
