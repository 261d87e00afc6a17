import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Spinner, t } from '@val/ui';

const Box = styled.div`
  min-height: 50vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 16px;
  text-align: center;
  padding: 24px 0;
  h1 {
    font-size: clamp(1.5rem, 4vw, 2rem);
    margin: 0;
  }
  p {
    margin: 0;
    color: ${t.textMuted};
    max-width: 30em;
  }
`;

const Actions = styled.p`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 10px 18px;
  a {
    color: ${t.text};
    font-weight: 600;
  }
`;

/** A full-height waiting screen: spinner, title, text (the /log and /success pages). */
export function Waiting({ title, text, children, testId }: { title: string; text: string; children?: ReactNode; testId?: string }) {
  return (
    <Box data-testid={testId} aria-live="polite">
      <Spinner $size={44} />
      <h1>{title}</h1>
      <p>{text}</p>
      {children}
    </Box>
  );
}

/**
 * The end of a flow that could not go on: no spinner, what happened, and the ways out (a link
 * back home, and a retry where one makes sense). The user is never left waiting for nothing.
 */
export function Stopped({ title, text, actions, testId }: { title: string; text: string; actions: ReactNode; testId?: string }) {
  return (
    <Box data-testid={testId} data-state="stopped">
      <h1>{title}</h1>
      <p role="alert">{text}</p>
      <Actions>{actions}</Actions>
    </Box>
  );
}
