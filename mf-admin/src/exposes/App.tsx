import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { AdminAppProps } from '@val/contracts';
import { Button, Spinner, t, toast } from '@val/ui';
import { adminApi, type StatsBundle } from '../api';
import { DisabledView, isAdminDisabled } from '../components/DisabledView';
import { LoginView } from '../components/LoginView';
import { MessagesTab } from '../components/MessagesTab';
import { PartnerTab } from '../components/PartnerTab';
import { ProductTab } from '../components/ProductTab';
import { RANGES, rangeFor, type RangeId } from '../format';

const Root = styled.div`
  min-height: 400px;
`;

/*
 * The title with the actions under it, on the left: the top-right corner below the site header is
 * where a toast shows (the login toast for 5 s), and the Refresh and Log out buttons sat there.
 */
const Top = styled.header`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 16px;
  margin-bottom: 20px;
  h1 {
    margin: 0 0 6px;
    font-size: clamp(1.6rem, 3.2vw, 2.2rem);
  }
  p {
    margin: 0;
    color: ${t.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
  @media (max-width: 520px) {
    width: 100%;
    & > * {
      flex: 1 1 auto;
    }
  }
`;

const Select = styled.select`
  min-height: 44px;
  padding: 8px 12px;
  border-radius: 10px;
  font: inherit;
  color: ${t.text};
  background: ${t.bgSunken};
  border: 1px solid ${t.border};
  &:focus {
    border-color: ${t.primary};
    outline: none;
  }
`;

const Tabs = styled.div`
  display: flex;
  gap: 6px;
  padding: 4px;
  margin-bottom: 20px;
  border-radius: 12px;
  background: ${t.bgSunken};
  border: 1px solid ${t.border};
`;

const Tab = styled.button<{ $active: boolean }>`
  flex: 1 1 0;
  min-width: 0;
  min-height: 40px;
  padding: 8px 16px;
  line-height: 1.2;
  @media (max-width: 480px) {
    padding: 6px 6px;
    font-size: 0.88rem;
  }
  border: 0;
  border-radius: 9px;
  font: inherit;
  font-weight: 700;
  cursor: pointer;
  color: ${(p) => (p.$active ? t.primaryText : t.textMuted)};
  background: ${(p) => (p.$active ? t.primary : 'transparent')};
  &:hover {
    color: ${(p) => (p.$active ? t.primaryText : t.text)};
  }
`;

const Center = styled.div`
  display: flex;
  justify-content: center;
  padding: 60px 0;
`;

type Phase = 'checking' | 'login' | 'dashboard' | 'disabled';
type TabId = 'products' | 'partners' | 'messages';
const TABS: ReadonlyArray<{ id: TabId; label: string }> = [
  { id: 'products', label: 'Product Clicks' },
  { id: 'partners', label: 'Partner Links' },
  { id: 'messages', label: 'Messages' },
];

/** Admin login and the analytics dashboard (`/admin`). */
export default function App({ apiBase = '' }: AdminAppProps) {
  const api = useMemo(() => adminApi(apiBase), [apiBase]);
  const [phase, setPhase] = useState<Phase>('checking');
  const [note, setNote] = useState<string>();
  const [rangeId, setRangeId] = useState<RangeId>('all');
  const [data, setData] = useState<StatsBundle | null>(null);
  const [loading, setLoading] = useState(false);
  const [tab, setTab] = useState<TabId>('products');
  const [reloadKey, setReloadKey] = useState(0);
  const latest = useRef(0);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const signedOut = useCallback((message?: string) => {
    setData(null);
    setPhase('login');
    setNote(message);
  }, []);

  const fetchStats = useCallback(
    async (id: RangeId, initial = false) => {
      const call = ++latest.current;
      setLoading(true);
      try {
        const bundle = await api.all(rangeFor(id));
        if (call !== latest.current) return;
        if (!bundle) return signedOut(initial ? undefined : 'Your session has ended. Please log in again.');
        setData(bundle);
        setPhase('dashboard');
      } catch (err) {
        if (call !== latest.current) return;
        if (isAdminDisabled(err)) {
          setData(null);
          setPhase('disabled');
          return;
        }
        toast({ title: 'Error', description: 'Failed to fetch stats' });
        if (initial) signedOut();
      } finally {
        if (call === latest.current) setLoading(false);
      }
    },
    [api, signedOut],
  );

  // One question decides the first screen: the dashboard switched off, the login form, or the
  // stats of a live session. Neither of the first two makes a request that fails.
  useEffect(() => {
    let live = true;
    api.session().then(
      (s) => {
        if (!live) return;
        if (!s.enabled) setPhase('disabled');
        else if (!s.signedIn) setPhase('login');
        else void fetchStats('all', true);
      },
      () => {
        if (live) void fetchStats('all', true);
      },
    );
    return () => {
      live = false;
    };
  }, [api, fetchStats]);

  const expired = useCallback(() => signedOut('Your session has ended. Please log in again.'), [signedOut]);

  const refresh = () => {
    void fetchStats(rangeId);
    setReloadKey((k) => k + 1);
  };

  const logout = async () => {
    try {
      await api.logout();
    } catch {
      /* the session is gone either way on our side */
    }
    signedOut('You have logged out.');
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = (i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    setTab(TABS[next].id);
    tabRefs.current[next]?.focus();
  };

  if (phase === 'checking') {
    return (
      <Root data-remote="admin">
        <Center>
          <Spinner />
        </Center>
      </Root>
    );
  }

  if (phase === 'disabled') {
    return (
      <Root data-remote="admin">
        <DisabledView />
      </Root>
    );
  }

  if (phase === 'login') {
    return (
      <Root data-remote="admin">
        <LoginView
          api={api}
          note={note}
          onLoggedIn={() => {
            setNote(undefined);
            setTab('products');
            setPhase('dashboard');
            void fetchStats(rangeId);
          }}
        />
      </Root>
    );
  }

  const range = rangeFor(rangeId);
  return (
    <Root data-remote="admin">
      <Top>
        <div>
          <h1>Val Analytics Dashboard</h1>
          <p>Track product engagement and partner link performance</p>
        </div>
        <Actions>
          {tab !== 'messages' && (
            <Select
              aria-label="Date range"
              value={rangeId}
              onChange={(e) => {
                const id = e.target.value as RangeId;
                setRangeId(id);
                void fetchStats(id);
              }}
            >
              {RANGES.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </Select>
          )}
          <Button onClick={refresh} disabled={loading}>
            {loading ? 'Refreshing...' : 'Refresh Data'}
          </Button>
          <Button $variant="secondary" onClick={() => void logout()}>
            Log out
          </Button>
        </Actions>
      </Top>

      <Tabs role="tablist" aria-label="Analytics views">
        {TABS.map((x, i) => (
          <Tab
            key={x.id}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            role="tab"
            id={`admin-tab-${x.id}`}
            aria-selected={tab === x.id}
            aria-controls={`admin-panel-${x.id}`}
            tabIndex={tab === x.id ? 0 : -1}
            $active={tab === x.id}
            onClick={() => setTab(x.id)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {x.label}
          </Tab>
        ))}
      </Tabs>

      <div role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
        {tab === 'products' && <ProductTab stats={data?.products ?? null} daily={data?.dailyProducts ?? []} range={range} loading={loading} />}
        {tab === 'partners' && <PartnerTab stats={data?.links ?? null} daily={data?.dailyLinks ?? []} range={range} loading={loading} />}
        {tab === 'messages' && <MessagesTab api={api} reloadKey={reloadKey} onUnauthorized={expired} />}
      </div>
    </Root>
  );
}
