import styled from 'styled-components';
import { ErrorCode } from '@val/contracts';
import { Card, t } from '@val/ui';
import { statusOf } from './LoginView';

/** Whether a failed admin call says the dashboard is switched off on this server (503 admin_disabled). */
export function isAdminDisabled(err: unknown): boolean {
  if (statusOf(err) !== 503) return false;
  try {
    const body = JSON.parse((err as { bodyText?: string }).bodyText ?? '') as { error?: { code?: string } };
    return body.error?.code === ErrorCode.AdminDisabled;
  } catch {
    return false;
  }
}

const Box = styled(Card)`
  max-width: 620px;
  margin: 24px auto;
  display: flex;
  flex-direction: column;
  gap: 12px;
  h1 {
    margin: 0;
    font-size: 1.6rem;
  }
  p {
    margin: 0;
    color: ${t.textMuted};
    line-height: 1.6;
  }
  ol {
    margin: 0;
    padding-left: 1.3em;
    line-height: 1.7;
  }
  code {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.9em;
    background: ${t.bgSunken};
    border: 1px solid ${t.border};
    padding: 1px 6px;
    border-radius: 6px;
    overflow-wrap: anywhere;
  }
`;

/**
 * `/admin` on a server without an admin password: no login form that could never work, but what
 * an operator does to switch the dashboard on.
 */
export function DisabledView() {
  return (
    <Box data-testid="admin-disabled">
      <h1>The admin dashboard is off</h1>
      <p>This server has no admin password, so the analytics dashboard is switched off. To turn it on:</p>
      <ol>
        <li>
          Set <code>ADMIN_PASSWORD_HASH</code> (an scrypt hash; <code>val admin hash-password</code> makes one) or <code>ADMIN_PASSWORD</code> in the server's
          environment.
        </li>
        <li>Restart the server and open this page again.</li>
      </ol>
      <p>The README's “Admin dashboard” section has the details.</p>
    </Box>
  );
}
