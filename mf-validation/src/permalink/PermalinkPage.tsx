import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate } from '@val/ui/router';
import styled from 'styled-components';
import { VALIDATION_INPUTS, VALIDATION_TEXT as LAB_TEXT, type StoredValidationView, type ValidationInputName, type ValidationInputSpec } from '@val/contracts';
import { Badge, Button, Card, Muted, Spinner, t } from '@val/ui';
import { copyPermalink } from '../lib/copyLink';
import { deleteTokenOf } from '../lib/myValidations';
import { downloadValidationReportWithToasts } from '../lib/pdf';
import { useHydrated } from '../lib/hydrated';
import { useDeleteValidation, useStoredValidation } from '../lib/validationQueries';
import { DELETE_TOASTS, isValidationId } from '../lib/validations';
import { QueryProvider } from '../query';
import { Feedback, preloadMarkdown } from '../lab/Feedback';
import { ValAvatar } from '../lab/ValAvatar';
import ValidationSheet, { isValidationSheet } from '../sheet/ValidationSheet';

/** Texts of the permalink page. */
export const PERMALINK_TEXT = {
  badge: 'Shared validation',
  inputs: 'The idea',
  analysis: 'Val’s analysis',
  newVersion: 'Validate a new version',
  copy: 'Copy link',
  delete: 'Delete',
  confirm: 'Delete this validation for good? This link will stop working.',
  cancel: 'Keep it',
  notFound: 'Validation not found',
  notFoundText: 'This validation does not exist, or its creator deleted it.',
  ...DELETE_TOASTS,
  loadFailed: 'Could not load this validation. Please try again.',
} as const;

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: 20px;
  max-width: 900px;
  margin: 0 auto;
`;
const Head = styled.header`
  display: flex;
  align-items: center;
  gap: 18px;
  h1 {
    margin: 6px 0 4px;
    font-size: clamp(1.35rem, 3vw, 2rem);
    line-height: 1.25;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    color: ${t.textMuted};
    font-size: 0.9rem;
  }
  svg {
    flex: none;
  }
  @media (max-width: 600px) {
    flex-wrap: wrap;
    gap: 12px;
    > div:nth-child(2) {
      order: 3;
      flex-basis: 100%;
    }
    svg {
      width: 52px;
      height: 52px;
    }
  }
`;
const ScoreBox = styled.div`
  margin-left: auto;
  flex: none;
  text-align: center;
  padding: 10px 16px;
  border-radius: 14px;
  border: 2px solid ${t.purple};
  strong {
    display: block;
    font-size: 1.7rem;
    line-height: 1.1;
    color: ${t.text};
  }
  span {
    font-size: 0.78rem;
    color: ${t.textMuted};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  @media (max-width: 600px) {
    padding: 8px 10px;
    strong {
      font-size: 1.3rem;
    }
  }
`;
const Panel = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 14px;
  h2 {
    margin: 0;
    font-size: 1.2rem;
  }
  @media (max-width: 600px) {
    padding: 16px;
  }
`;
const Inputs = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 10px 16px;
  dt {
    font-weight: 600;
    color: ${t.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    white-space: pre-wrap;
  }
  @media (max-width: 600px) {
    grid-template-columns: 1fr;
    gap: 4px;
    dd {
      margin-bottom: 8px;
    }
  }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  @media (max-width: 600px) {
    button {
      flex: 1 1 100%;
    }
  }
`;
const Confirm = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
  padding: 12px 14px;
  border-radius: 12px;
  border: 1px solid ${t.danger};
  span {
    flex: 1 1 240px;
  }
`;
const Center = styled.div`
  text-align: center;
  padding: 40px 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  h1 {
    margin: 0;
  }
  a {
    color: ${t.accent};
  }
`;

/**
 * When the validation was made, in the visitor's time zone and language. The server does not know
 * them: its HTML (and the render that hydrates it) says the time in UTC, and the browser's right after.
 */
function CreatedAt({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  const at = new Date(iso);
  const text = hydrated
    ? at.toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })
    : `${at.toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
  return <time dateTime={iso}>{text}</time>;
}

/**
 * Its children only for the validation's creator (its delete token is in this browser's storage).
 * The server cannot know: its HTML (and the render that hydrates it) has none of them.
 */
function IfCreator({ id, children }: { id: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return hydrated && deleteTokenOf(id) ? <>{children}</> : null;
}

/**
 * `/v/:id`: one validation, read-only — the inputs, Val's feedback (as in the lab), the score and
 * the PDF — with 'Validate a new version' (the lab, pre-filled) and, for its creator (the delete
 * token is in this browser), Delete. The validation and its delete go through the remote's query
 * client (../query): this page is a lazy chunk, the landing page does not load it.
 */
export default function PermalinkPage(props: { apiBase?: string; validationId?: string; initial?: StoredValidationView }) {
  return (
    <QueryProvider>
      <Permalink {...props} />
    </QueryProvider>
  );
}

function Permalink({ apiBase = '', validationId, initial }: { apiBase?: string; validationId?: string; initial?: StoredValidationView }) {
  const query = useStoredValidation(apiBase, validationId, initial);
  const removal = useDeleteValidation(apiBase);
  const [pdfBusy, setPdfBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();

  const valid = isValidationId(validationId);

  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);

  useEffect(() => {
    if (valid) preloadMarkdown();
  }, [valid, validationId]);

  if (valid && query.isPending) {
    return (
      <Center aria-busy="true">
        <Spinner $size={28} />
      </Center>
    );
  }
  if (!valid || query.data === null) {
    return (
      <Center data-testid="validation-not-found">
        <Badge>404</Badge>
        <h1>{PERMALINK_TEXT.notFound}</h1>
        <Muted>{PERMALINK_TEXT.notFoundText}</Muted>
        <Link to="/#validate">Validate an idea</Link>
      </Center>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Center>
        <Muted>{PERMALINK_TEXT.loadFailed}</Muted>
        <Button type="button" onClick={() => void query.refetch()}>
          Retry
        </Button>
      </Center>
    );
  }

  const v = query.data;
  const deleting = removal.isPending;
  const downloadPdf = async () => {
    if (pdfBusy) return;
    setPdfBusy(true);
    try {
      await downloadValidationReportWithToasts(v, { done: LAB_TEXT.pdfDone, failed: LAB_TEXT.pdfFailed });
    } finally {
      setPdfBusy(false);
    }
  };
  const remove = () => {
    const token = deleteTokenOf(v.id);
    if (!token || deleting) return;
    removal.mutate({ id: v.id, token }, { onSettled: () => setConfirming(false) });
  };

  return (
    <Root data-testid="validation-permalink" data-remote="validation" data-view="permalink">
      <Head>
        <ValAvatar size={64} />
        <div>
          <Badge $tone="purple">{PERMALINK_TEXT.badge}</Badge>
          <h1>{v.idea.length > 140 ? `${v.idea.slice(0, 139).trimEnd()}…` : v.idea}</h1>
          <p>
            <CreatedAt iso={v.createdAt} /> · {v.provider === 'offline' ? 'Answered by the offline analyst' : 'Answered by an AI model'}
          </p>
        </div>
        <ScoreBox data-testid="permalink-score" aria-label={v.score === null ? 'No score' : `Score ${v.score.toFixed(1)} out of 10`}>
          <strong>{v.score === null ? '—' : v.score.toFixed(1)}</strong>
          <span>score / 10</span>
        </ScoreBox>
      </Head>

      <Panel as="section" aria-labelledby="val-inputs-heading">
        <h2 id="val-inputs-heading">{PERMALINK_TEXT.inputs}</h2>
        <Inputs>
          {(VALIDATION_INPUTS as readonly ValidationInputSpec[]).map((f) => {
            const value = v[f.name as ValidationInputName];
            return value === undefined ? null : (
              <Fragment key={f.name}>
                <dt>{f.listLabel}</dt>
                <dd data-testid={`permalink-${f.cli.flag}`}>{value}</dd>
              </Fragment>
            );
          })}
        </Inputs>
        <Actions>
          <Button type="button" onClick={() => navigate(`/?edit=${encodeURIComponent(v.id)}#validate`)}>
            {PERMALINK_TEXT.newVersion}
          </Button>
          <Button type="button" $variant="secondary" onClick={downloadPdf} disabled={pdfBusy} aria-busy={pdfBusy}>
            {pdfBusy ? LAB_TEXT.generating : LAB_TEXT.download}
          </Button>
          <Button type="button" $variant="secondary" onClick={() => void copyPermalink(v.id)}>
            {PERMALINK_TEXT.copy}
          </Button>
          <IfCreator id={v.id}>
            <Button type="button" $variant="ghost" onClick={() => setConfirming(true)} aria-expanded={confirming}>
              {PERMALINK_TEXT.delete}
            </Button>
          </IfCreator>
        </Actions>
        {confirming && (
          <Confirm role="group" aria-label={PERMALINK_TEXT.confirm}>
            <span>{PERMALINK_TEXT.confirm}</span>
            <Button type="button" $variant="danger" onClick={remove} disabled={deleting} data-testid="confirm-delete">
              {PERMALINK_TEXT.delete}
            </Button>
            <Button type="button" $variant="ghost" onClick={() => setConfirming(false)}>
              {PERMALINK_TEXT.cancel}
            </Button>
          </Confirm>
        )}
      </Panel>

      <Panel as="section" aria-labelledby="val-analysis-heading">
        <h2 id="val-analysis-heading">{PERMALINK_TEXT.analysis}</h2>
        <Feedback text={v.feedback} headingLevel={3} testId="permalink-feedback" />
        {isValidationSheet(v.factSheet) && <ValidationSheet sheet={v.factSheet} level={3} />}
      </Panel>
    </Root>
  );
}
