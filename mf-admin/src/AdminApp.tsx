import { useEffect, useEffectEvent, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import type { AdminAppProps, StatsRange } from '@val/contracts';
import { Button, Spinner, t, toast } from '@val/ui';
import { adminApi, type StatsBundle } from './api';
import { DisabledView, isAdminDisabled } from './components/DisabledView';
import { LoginScreen } from './components/LoginScreen';
import { MessagesPanel } from './components/MessagesPanel';
import { PartnerTab } from './components/PartnerTab';
import { ProductTab } from './components/ProductTab';
import { RANGES, rangeFor, type RangeId } from './format';
import { useAdminCache, useAdminSession, useLogout, useStats } from './queries';
import { QueryProvider } from './query';

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

type TabId = 'products' | 'partners' | 'messages';
const TABS: ReadonlyArray<{ id: TabId; label: string }> = [
  { id: 'products', label: 'Product Clicks' },
  { id: 'partners', label: 'Partner Links' },
  { id: 'messages', label: 'Messages' },
];

const SESSION_ENDED = 'Your session has ended. Please log in again.';

/** A date-range choice with its days, fixed when it is chosen (or refreshed). */
type ChosenRange = { id: RangeId; days: StatsRange };
const chosen = (id: RangeId): ChosenRange => ({ id, days: rangeFor(id) });

/**
 * Admin login and the analytics dashboard (`/admin`). The server state lives in the query cache:
 * the session (on, signed in) decides the screen; login and logout are mutations that update it;
 * the stats are a query per date range.
 */
export function AdminDashboard({ apiBase = '' }: AdminAppProps) {
  const api = useMemo(() => adminApi(apiBase), [apiBase]);
  const cache = useAdminCache(api);
  const session = useAdminSession(api);
  const logout = useLogout(api);
  const [note, setNote] = useState<string>();
  const [range, setRange] = useState<ChosenRange>(() => chosen('all'));
  const [tab, setTab] = useState<TabId>('products');
  /** The dashboard is on screen: after a login, or once the stats of a session found at load have come. */
  const [entered, setEntered] = useState(false);
  /** The numbers on screen: they stay while the chosen range loads, and when it fails. */
  const [shown, setShown] = useState<StatsBundle | null>(null);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  // Signed in, or the session check failed (the stats then decide, as before there was one).
  const signedIn = session.isError || (session.data?.enabled === true && session.data.signedIn);
  const stats = useStats(api, range.days, signedIn);

  const signedOut = (message?: string) => {
    cache.forgetSessionData();
    cache.setSession({ enabled: true, signedIn: false });
    setShown(null);
    setEntered(false);
    setNote(message);
  };

  // What a stats answer means beyond its numbers: a 401 ends the session (quietly when it was the
  // first look), the dashboard switched off shows how to switch it on, any other failure toasts
  // (and, at the first look, leaves the login form). Only answers for the chosen range get here.
  const onStatsAnswer = useEffectEvent(() => {
    if (stats.fetchStatus !== 'idle') return;
    if (stats.status === 'success' && stats.data) {
      setShown(stats.data);
      setEntered(true);
    } else if (stats.status === 'success') {
      signedOut(entered ? SESSION_ENDED : undefined);
    } else if (stats.status === 'error') {
      if (isAdminDisabled(stats.error)) {
        cache.forgetSessionData();
        cache.setSession({ enabled: false, signedIn: false });
        return;
      }
      toast({ title: 'Error', description: 'Failed to fetch stats' });
      if (!entered) signedOut();
    }
  });
  useEffect(() => onStatsAnswer(), [stats.dataUpdatedAt, stats.errorUpdatedAt]);

  const refresh = () => {
    const again = chosen(range.id);
    if (again.days.from !== range.days.from || again.days.to !== range.days.to) setRange(again);
    else void stats.refetch();
    cache.reloadMessages();
  };

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>, i: number) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    const next = (i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length;
    setTab(TABS[next].id);
    tabRefs.current[next]?.focus();
  };

  if (session.isPending || (signedIn && !entered)) {
    return (
      <Root data-remote="admin">
        <Center>
          <Spinner />
        </Center>
      </Root>
    );
  }

  if (session.data?.enabled === false) {
    return (
      <Root data-remote="admin">
        <DisabledView />
      </Root>
    );
  }

  if (!signedIn) {
    return (
      <Root data-remote="admin">
        <LoginScreen
          api={api}
          note={note}
          onLoggedIn={() => {
            setNote(undefined);
            setTab('products');
            setEntered(true);
            cache.setSession({ enabled: true, signedIn: true });
          }}
        />
      </Root>
    );
  }

  const data = stats.data ?? shown;
  const loading = stats.isFetching;
  return (
    <Root data-remote="admin">
      <Top>
        <div>
          <h1>Val Analytics Dashboard</h1>
          <p>Track product engagement and partner link performance</p>
        </div>
        <Actions>
          {tab !== 'messages' && (
            <Select aria-label="Date range" value={range.id} onChange={(e) => setRange(chosen(e.target.value as RangeId))}>
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
          <Button $variant="secondary" onClick={() => logout.mutate(undefined, { onSettled: () => signedOut('You have logged out.') })}>
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
        {tab === 'products' && <ProductTab stats={data?.products ?? null} daily={data?.dailyProducts ?? []} range={range.days} loading={loading} />}
        {tab === 'partners' && <PartnerTab stats={data?.links ?? null} daily={data?.dailyLinks ?? []} range={range.days} loading={loading} />}
        {tab === 'messages' && <MessagesPanel api={api} onUnauthorized={() => signedOut(SESSION_ENDED)} />}
      </div>
    </Root>
  );
}

/** The admin remote's page: the dashboard over a query cache of its own. */
export default function AdminApp(props: AdminAppProps) {
  return (
    <QueryProvider>
      <AdminDashboard {...props} />
    </QueryProvider>
  );
}
