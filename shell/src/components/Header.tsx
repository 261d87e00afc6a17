import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from '@val/ui/router';
import styled from 'styled-components';
import { Container, t, useHydrated, useTheme } from '@val/ui';

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 50;
  background: color-mix(in srgb, ${t.bg} 88%, transparent);
  backdrop-filter: blur(10px);
  border-bottom: 1px solid ${t.border};
`;
const Row = styled(Container)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  height: 64px;
`;
const Logo = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  background: none;
  border: 0;
  color: ${t.text};
  font: inherit;
  font-weight: 800;
  font-size: 1.25rem;
  cursor: pointer;
  padding: 6px;
  border-radius: 8px;
  span.mark {
    display: inline-grid;
    place-items: center;
    width: 34px;
    height: 34px;
    border-radius: 10px;
    background: linear-gradient(135deg, ${t.primary}, ${t.purple});
    color: #fff;
    font-size: 1.1rem;
  }
  span.mark::before {
    content: 'V';
  }
`;
const Nav = styled.nav`
  display: flex;
  align-items: center;
  gap: 8px;
  a {
    color: ${t.text};
    text-decoration: none;
    padding: 8px 12px;
    border-radius: 8px;
    font-weight: 600;
  }
  a:hover {
    background: ${t.bgElevated};
  }
  @media (max-width: 640px) {
    .desktop {
      display: none;
    }
  }
  @media (min-width: 641px) {
    .mobile {
      display: none;
    }
  }
`;
const IconButton = styled.button`
  display: inline-grid;
  place-items: center;
  min-width: 44px;
  height: 44px;
  border-radius: 10px;
  border: 1px solid ${t.border};
  background: ${t.bgElevated};
  color: ${t.text};
  cursor: pointer;
  font: inherit;
`;
const Menu = styled.div`
  border-top: 1px solid ${t.border};
  background: ${t.bgElevated};
  padding: 12px 20px 16px;
  display: flex;
  flex-direction: column;
  gap: 8px;
  a,
  button {
    text-align: left;
    color: ${t.text};
    text-decoration: none;
    font: inherit;
    font-weight: 600;
    background: none;
    border: 0;
    padding: 10px 4px;
    cursor: pointer;
    min-height: 44px;
  }
  @media (min-width: 641px) {
    display: none;
  }
`;

function SunMoon({ dark }: { dark: boolean }) {
  return dark ? (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="12" cy="12" r="4.5" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </svg>
  ) : (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
    </svg>
  );
}

/** Logo (home, or smooth scroll to top on '/'), About, theme toggle, mobile menu. */
export function Header() {
  const { resolved, toggle } = useTheme();
  // The server cannot know the visitor's theme (the page's inline script sets its colours before the
  // first paint): the toggle shows the server's default, dark, until hydration is done.
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const dark = !hydrated || resolved === 'dark';

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  const switchLabel = dark ? 'Light Mode' : 'Dark Mode';

  const goHome = () => {
    setOpen(false);
    if (location.pathname === '/') window.scrollTo({ top: 0, behavior: 'smooth' });
    else navigate('/');
  };

  return (
    <Bar>
      <Row>
        {/* The name starts with the visible text "Val" (the mark's letter is drawn by CSS, not text). */}
        <Logo type="button" onClick={goHome} aria-label="Val — home">
          <span className="mark" aria-hidden="true" />
          Val
        </Logo>
        <Nav aria-label="Main">
          <Link className="desktop" to="/about">
            About
          </Link>
          <IconButton
            className="desktop"
            type="button"
            onClick={toggle}
            aria-label={dark ? 'Switch to light mode' : 'Switch to dark mode'}
            data-testid="theme-toggle"
          >
            <SunMoon dark={dark} />
          </IconButton>
          <IconButton
            className="mobile"
            type="button"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((o) => !o)}
            data-testid="mobile-menu-button"
          >
            {open ? '✕' : '☰'}
          </IconButton>
        </Nav>
      </Row>
      {open && (
        <Menu id="mobile-menu" data-testid="mobile-menu">
          <Link to="/about" onClick={() => setOpen(false)}>
            About
          </Link>
          <button type="button" onClick={toggle}>
            {switchLabel}
          </button>
        </Menu>
      )}
    </Bar>
  );
}
