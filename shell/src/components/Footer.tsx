import { Link } from 'react-router-dom';
import styled from 'styled-components';
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
  @media (max-width: 720px) { grid-template-columns: 1fr 1fr; }
  h3 { color: ${t.text}; font-size: 0.95rem; margin: 0 0 10px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 6px; }
  a { color: ${t.textMuted}; text-decoration: none; }
  a:hover { color: ${t.text}; text-decoration: underline; }
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

export const SOCIAL_LINKS = [
  { href: 'https://x.com/', label: 'X (Twitter)' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn' },
  { href: 'https://www.youtube.com/', label: 'YouTube' },
];

export function Footer() {
  const groups = ['Product', 'Company', 'Legal'] as const;
  return (
    <Foot>
      <Container>
        <Cols>
          <div>
            <h3>Val</h3>
            <p style={{ margin: 0 }}>An AI mentor that helps founders test an idea before they bet on it.</p>
            <ul style={{ display: 'flex', gap: 14, marginTop: 12 }} aria-label="Social links">
              {SOCIAL_LINKS.map((s) => (
                <li key={s.href}>
                  <a href={s.href} target="_blank" rel="noopener noreferrer">
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
                    {l.to.startsWith('/#') ? <a href={l.to}>{l.label}</a> : <Link to={l.to}>{l.label}</Link>}
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
