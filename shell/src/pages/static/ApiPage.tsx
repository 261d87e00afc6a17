import { useCallback, useEffect, useState } from 'react';
import { Link } from '@val/ui/router';
import styled from 'styled-components';
import { PRODUCT_NAME } from '@val/content';
import { OPENAPI_PATH } from '@val/contracts/routes';
import { Button, t } from '@val/ui';
import { StaticPage } from '../StaticPage';
import { viewOf, type ApiAnswer, type ApiDocumentView, type ApiField, type ApiOperationView } from './apiDocument';

type Load = { state: 'loading' } | { state: 'ready'; view: ApiDocumentView; exampleCurl: string } | { state: 'error'; message: string };

const Toc = styled.nav`
  background: ${t.bgElevated};
  border: 1px solid ${t.border};
  border-radius: 14px;
  padding: 14px 18px;
  ul {
    margin: 0;
  }
  li span {
    color: ${t.textMuted};
  }
`;
const Card = styled.article`
  border: 1px solid ${t.border};
  border-radius: 14px;
  background: ${t.bgElevated};
  padding: 16px 18px;
  margin: 0 0 14px;
  min-width: 0;
  scroll-margin-top: 80px;
  .line {
    display: flex;
    gap: 10px;
    align-items: center;
    flex-wrap: wrap;
    margin-bottom: 6px;
  }
  .path {
    font-weight: 700;
    font-size: 0.98rem;
    overflow-wrap: anywhere;
  }
  h3 {
    margin: 4px 0 6px;
    font-size: 1.05rem;
  }
  h4 {
    margin: 14px 0 6px;
    font-size: 0.82rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${t.textMuted};
  }
  p {
    margin: 0 0 8px;
  }
  details {
    margin-top: 10px;
  }
  summary {
    cursor: pointer;
    color: ${t.textMuted};
    font-size: 0.92rem;
  }
`;
const Badge = styled.span<{ $tone?: 'admin' | 'dev' | 'stream' }>`
  display: inline-block;
  padding: 1px 8px;
  border-radius: 999px;
  font-size: 0.74rem;
  font-weight: 700;
  border: 1px solid ${(p) => (p.$tone === 'admin' ? t.danger : p.$tone === 'dev' ? t.focus : t.accent)};
  color: ${(p) => (p.$tone === 'admin' ? t.danger : p.$tone === 'dev' ? t.focus : t.accent)};
`;
const Method = styled.span<{ $m: string }>`
  display: inline-block;
  min-width: 52px;
  text-align: center;
  padding: 2px 8px;
  border-radius: 6px;
  font-size: 0.75rem;
  font-weight: 800;
  letter-spacing: 0.04em;
  color: #fff;
  background: ${(p) => (p.$m === 'GET' ? '#0e7490' : '#6d28d9')};
`;
const Fields = styled.ul`
  list-style: none;
  padding: 0 !important;
  margin: 0 !important;
  display: grid;
  gap: 6px !important;
  font-size: 0.92rem;
  ul {
    padding-left: 16px !important;
    margin-top: 6px !important;
    border-left: 2px solid ${t.border};
  }
  .name {
    font-weight: 700;
  }
  .type {
    color: ${t.textMuted};
    overflow-wrap: anywhere;
  }
  .req {
    color: ${t.danger};
    font-size: 0.78rem;
    font-weight: 700;
    margin-left: 4px;
  }
  .desc {
    display: block;
    color: ${t.textMuted};
    font-size: 0.88rem;
  }
`;
const Answers = styled(Fields)`
  li {
    display: grid;
    grid-template-columns: 48px 1fr;
    gap: 10px;
    align-items: baseline;
  }
  .status {
    font-weight: 800;
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  }
  .extra {
    color: ${t.textMuted};
  }
`;
const Notice = styled.div`
  border: 1px solid ${t.border};
  border-radius: 14px;
  padding: 18px;
  background: ${t.bgElevated};
`;

/** Text of the document with its `code` spans shown as code. */
function Text({ children }: { children: string }) {
  const parts = children.split('`');
  return <>{parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}

function FieldList({ fields }: { fields: ApiField[] }) {
  return (
    <Fields>
      {fields.map((f) => (
        <li key={f.name}>
          <code className="name">{f.name}</code> <span className="type">{f.type}</span>
          {f.required && <span className="req">required</span>}
          {f.description && (
            <span className="desc">
              <Text>{f.description}</Text>
            </span>
          )}
          {f.fields && <FieldList fields={f.fields} />}
        </li>
      ))}
    </Fields>
  );
}

function AnswerBody({ a }: { a: ApiAnswer }) {
  if (a.events) {
    return (
      <Fields>
        {a.events.map((e) => (
          <li key={e.name}>
            <code className="name">event: {e.name}</code>
            {e.fields.length > 0 && <FieldList fields={e.fields} />}
          </li>
        ))}
      </Fields>
    );
  }
  if (a.fields?.length) return <FieldList fields={a.fields} />;
  return null;
}

function Operation({ op }: { op: ApiOperationView }) {
  const streams = op.success.some((a) => a.events);
  return (
    <Card id={op.id} data-testid="api-endpoint" aria-labelledby={`${op.id}-title`}>
      <div className="line">
        <Method $m={op.method}>{op.method}</Method>
        <code className="path">{op.path}</code>
        {op.adminOnly && <Badge $tone="admin">Admin session</Badge>}
        {op.adminInProduction && <Badge $tone="admin">Admin session in production</Badge>}
        {op.developmentOnly && <Badge $tone="dev">Development only</Badge>}
        {streams && <Badge $tone="stream">Server-Sent Events</Badge>}
      </div>
      <h3 id={`${op.id}-title`}>{op.summary}</h3>
      {op.description && (
        <p>
          <Text>{op.description}</Text>
        </p>
      )}
      {op.parameters.length > 0 && (
        <>
          <h4>Parameters</h4>
          <FieldList fields={op.parameters.map((p) => ({ name: p.name, type: `${p.in} · ${p.type}`, required: p.required, description: p.description }))} />
        </>
      )}
      {op.body && (
        <>
          <h4>Body{op.body.mediaTypes.length > 1 ? ` (${op.body.mediaTypes.join(' or ')})` : ''}</h4>
          {op.body.fields.length ? <FieldList fields={op.body.fields} /> : <p>A JSON object.</p>}
        </>
      )}
      {op.success.map((a) => (
        <div key={a.status}>
          <h4>
            Answer {a.status}
            {a.mediaTypes.length ? ` · ${a.mediaTypes.join(', ')}` : ''}
          </h4>
          <p>
            <Text>{a.description}</Text>
          </p>
          <AnswerBody a={a} />
        </div>
      ))}
      {op.errors.length > 0 && (
        <details>
          <summary>Errors: {op.errors.map((e) => e.status).join(' · ')}</summary>
          <Answers>
            {op.errors.map((e) => (
              <li key={e.status}>
                <span className="status">{e.status}</span>
                <span>
                  <Text>{e.description}</Text>
                  {e.headers.length > 0 && <span className="extra"> Header: {e.headers.join(', ')}.</span>}
                  {e.schemaName && e.schemaName !== 'ErrorBody' && <span className="extra"> Body: {e.schemaName}.</span>}
                </span>
              </li>
            ))}
          </Answers>
        </details>
      )}
    </Card>
  );
}

function curlFor(view: ApiDocumentView): string {
  const op = view.groups.flatMap((g) => g.operations).find((o) => o.id === 'validate');
  const origin = typeof window !== 'undefined' ? window.location.origin : 'https://your-val-host';
  if (!op?.body?.example) return `curl -s ${origin}${OPENAPI_PATH}`;
  return `curl -s ${origin}${op.path} \\\n  -H 'Content-Type: application/json' \\\n  -d '${JSON.stringify(op.body.example)}'`;
}

/** `/api`: Val's HTTP API, rendered from the OpenAPI document the server generates. */
export function ApiPage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const fetchDocument = useCallback(async (signal?: AbortSignal) => {
    setLoad({ state: 'loading' });
    try {
      const r = await fetch(OPENAPI_PATH, { headers: { accept: 'application/json' }, signal });
      if (!r.ok) throw new Error(`${r.status}: ${r.statusText}`);
      const view = viewOf(await r.json());
      setLoad({ state: 'ready', view, exampleCurl: curlFor(view) });
    } catch (e) {
      if (signal?.aborted) return;
      setLoad({ state: 'error', message: e instanceof Error ? e.message : String(e) });
    }
  }, []);
  useEffect(() => {
    const ctrl = new AbortController();
    void fetchDocument(ctrl.signal);
    return () => ctrl.abort();
  }, [fetchDocument]);

  return (
    <StaticPage
      title="The Val API"
      eyebrow="Developers"
      lead={`Every screen of ${PRODUCT_NAME} runs on a plain JSON-over-HTTP API. This page is rendered from its OpenAPI 3.1 document, which the server generates from the same schemas it checks every request with.`}
      meta={
        <>
          The document: <a href={OPENAPI_PATH}>{OPENAPI_PATH}</a>
          {load.state === 'ready' && ` · version ${load.view.version} · ${load.view.operationCount} operations`}
        </>
      }
      wide
    >
      {load.state === 'loading' && (
        <Notice role="status" aria-live="polite">
          Loading the API description…
        </Notice>
      )}
      {load.state === 'error' && (
        <Notice role="alert">
          <p>The API description could not be loaded ({load.message}).</p>
          <Button type="button" onClick={() => void fetchDocument()}>
            Retry
          </Button>
        </Notice>
      )}
      {load.state === 'ready' && (
        <>
          <Toc aria-label="API sections">
            <ul>
              <li>
                <a href="#conventions">Conventions</a>
              </li>
              {load.view.groups.map((g) => (
                <li key={g.id}>
                  <a href={`#${g.id}`}>{g.name}</a> <span>({g.operations.length})</span>
                </li>
              ))}
            </ul>
          </Toc>

          <h2 id="conventions">Conventions</h2>
          {load.view.description && (
            <p>
              <Text>{load.view.description}</Text>
            </p>
          )}
          <h3>The error body</h3>
          <FieldList fields={load.view.errorFields} />
          <h3>Try it</h3>
          {/* A scrolling block takes keyboard focus, so it can be scrolled without a mouse. */}
          <pre tabIndex={0} role="region" aria-label="Example request with curl">
            <code>{load.exampleCurl}</code>
          </pre>

          {load.view.groups.map((g) => (
            <section key={g.id} aria-labelledby={g.id}>
              <h2 id={g.id}>{g.name}</h2>
              {g.description && (
                <p>
                  <Text>{g.description}</Text>
                </p>
              )}
              {g.operations.map((op) => (
                <Operation key={op.id} op={op} />
              ))}
            </section>
          ))}
        </>
      )}

      <hr />
      <p>
        Building something on top of {PRODUCT_NAME}, or need higher limits? <Link to="/about#contact">Tell us about it</Link>.
      </p>
    </StaticPage>
  );
}
