import type { FormEvent } from 'react';
import styled from 'styled-components';
import { HttpError } from '@val/contracts';
import { Button, Card, Input, Muted, t, toast } from '@val/ui';

const Wrap = styled.div`
  display: flex;
  justify-content: center;
  padding: 24px 0;
`;

const Box = styled(Card)`
  width: 100%;
  max-width: 420px;
  display: flex;
  flex-direction: column;
  gap: 16px;
  h1 {
    margin: 0;
    font-size: 1.6rem;
    text-align: center;
  }
  form {
    display: flex;
    flex-direction: column;
    gap: 12px;
  }
`;

const Note = styled(Muted)`
  margin: 0;
  font-size: 0.9rem;
  text-align: center;
  color: ${t.textMuted};
`;

/** The status of a failed request from the generic helper (duck-typed: safe across bundles). */
export const statusOf = (e: unknown): number | undefined =>
  e instanceof HttpError || (typeof e === 'object' && e !== null && typeof (e as { status?: unknown }).status === 'number')
    ? (e as { status: number }).status
    : undefined;

const retryText = (e: unknown) => {
  try {
    const msg = (JSON.parse((e as HttpError).bodyText) as { error?: { message?: string } }).error?.message;
    if (msg) return msg;
  } catch {
    /* not JSON */
  }
  return 'Too many failed attempts. Please try again later.';
};

/** The toast of a failed login: wrong password, too many attempts, or the request failed. */
export function loginFailedToast(err: unknown): void {
  if (statusOf(err) === 401) {
    toast({ title: 'Login failed', description: 'Invalid password', variant: 'destructive' });
  } else if (statusOf(err) === 429) {
    toast({ title: 'Login failed', description: retryText(err), variant: 'destructive' });
  } else {
    toast({ title: 'Error', description: 'Failed to login' });
  }
}

/** The toast of a successful login. */
export const loginSucceededToast = () => toast({ title: 'Login successful', description: 'Welcome to the admin dashboard' });

/** 'Admin Login': the shared password form, as shown; who sends it is the caller's. */
export function LoginCard({
  note,
  busy,
  password,
  onPassword,
  onSubmit,
}: {
  note?: string;
  busy: boolean;
  password: string;
  onPassword: (password: string) => void;
  onSubmit: () => void;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <Wrap>
      <Box>
        <h1>Admin Login</h1>
        <form onSubmit={submit}>
          <label htmlFor="admin-password" className="sr-only">
            Admin password
          </label>
          <Input
            id="admin-password"
            type="password"
            name="password"
            required
            autoComplete="current-password"
            placeholder="Enter admin password"
            value={password}
            onChange={(e) => onPassword(e.target.value)}
          />
          <Button type="submit" disabled={busy} $block>
            {busy ? 'Logging in...' : 'Login'}
          </Button>
        </form>
        {note && <Note role="status">{note}</Note>}
      </Box>
    </Wrap>
  );
}
