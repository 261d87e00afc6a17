import { lazy, Suspense, useCallback, useEffect, useReducer, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '@val/ui/router';
import styled from 'styled-components';
import {
  START_OVER_EVENT,
  VALIDATION_INPUTS,
  VALIDATION_TEXT,
  inputsOf,
  missingInputs,
  trimmedInputs,
  type AiProviderName,
  type ValidationLabProps,
  type ValidationComparison,
  type ValidationData,
  type ValidationInputName,
  type ValidationInputSpec,
} from '@val/contracts';
import { Badge, BasisBox, Button, Card, Field, Heading, Input, Muted, Spinner, TextArea, t, toast } from '@val/ui';
import { preloadApiClient, refusalReason, validateIdea } from '../lib/api';
import { MY_VALIDATIONS_EVENT, MY_VALIDATIONS_KEY } from '../lib/myValidationsKeys';
import { downloadValidationReportWithToasts } from '../lib/pdf';
import { SectionIntro as Intro, SectionRoot as Root } from '../lib/sectionLayout';
import { Feedback, preloadMarkdown } from './Feedback';
import { IDLE_RUN, labRunReducer } from './labRun';
import { basisChoiceOf, type BasisChoice } from '../sheet/basisChoice';
import { isValidationSheet } from '../sheet/isValidationSheet';

// Val's portrait shows only with a result (or while Val writes one): loaded then, not with the landing page.
const loadAvatar = () => import(/* webpackChunkName: "avatar" */ './ValAvatar');
const LazyAvatar = lazy(() => loadAvatar().then((m) => ({ default: m.ValAvatar })));
function ValAvatar({ size }: { size: number }) {
  return (
    <Suspense fallback={<span style={{ display: 'inline-block', flex: 'none', width: size, height: size }} />}>
      <LazyAvatar size={size} />
    </Suspense>
  );
}

// The shareable-validation screens (comparison, "My validations", version note, result actions) load only when there is
// something to show: the landing page does not pay for them.
const bits = () => import(/* webpackChunkName: "compare" */ '../compare/LabBits');
const Comparison = lazy(() => bits().then((m) => ({ default: m.Comparison })));
const MyValidations = lazy(() => bits().then((m) => ({ default: m.MyValidations })));
const VersionNote = lazy(() => bits().then((m) => ({ default: m.VersionNote })));
const ResultActions = lazy(() => bits().then((m) => ({ default: m.ResultActions })));
const Comparing = lazy(() => bits().then((m) => ({ default: m.Comparing })));
const LabSheet = lazy(() => bits().then((m) => ({ default: m.LabSheet })));
// The founder's basis (issue 36): its fields load when the form's "Basis (optional)" opens or with a result.
const FormBasisFields = lazy(() => import(/* webpackChunkName: "basis" */ '@val/ui/factSheet').then((m) => ({ default: m.BasisFields })));
const ChangeBasis = lazy(() => import(/* webpackChunkName: "basis" */ '../sheet/BasisForm').then((m) => ({ default: m.ChangeBasis })));

/** Whether this browser keeps any validations of its own (the list itself loads lazily). */
const hasOwnValidations = () => {
  try {
    return (window.localStorage.getItem(MY_VALIDATIONS_KEY) || '[]').length > 2;
  } catch {
    return false;
  }
};

/** The lab's texts: the words on its screen and its error toasts, in the product's wording (shared with the CLI). */
export const LAB_TEXT = VALIDATION_TEXT;

type FormValues = Record<ValidationInputName, string>;
/** The form's values for `v` (empty where it has none). */
const formValues = (v?: Partial<Record<ValidationInputName, string>> | null): FormValues =>
  Object.fromEntries(VALIDATION_INPUTS.map((f) => [f.name, v?.[f.name] ?? ''])) as FormValues;
const FIELDS: readonly ValidationInputSpec[] = VALIDATION_INPUTS;
/** The described inputs in form order: a multi-line one on its own, consecutive single-line ones sharing a row. */
const FORM_GROUPS = FIELDS.reduce<ValidationInputSpec[][]>((groups, f) => {
  const last = groups[groups.length - 1];
  if (!f.multiline && last && !last[0].multiline) last.push(f);
  else groups.push([f]);
  return groups;
}, []);
/** The input a new version's edit starts in (what usually changes between versions). */
const EDIT_FOCUS: ValidationInputName = 'targetCustomer';

const Form = styled.form`
  background: ${t.bgElevated};
  border: 1px solid ${t.border};
  border-radius: 16px;
  padding: 20px;
  box-shadow: ${t.shadow};
  display: flex;
  flex-direction: column;
  gap: 16px;
  @media (max-width: 600px) {
    padding: 16px;
  }
`;
const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 16px;
  @media (max-width: 720px) {
    grid-template-columns: 1fr;
  }
`;
const Submit = styled(Button)`
  font-size: 1.05rem;
  min-height: 52px;
`;
const Small = styled.p`
  margin: 0;
  text-align: center;
  font-size: 0.85rem;
  color: ${t.textMuted};
`;
const ResultCard = styled(Card)`
  scroll-margin-top: 84px;
  display: flex;
  flex-direction: column;
  gap: 18px;
  border-color: color-mix(in srgb, ${t.primary} 45%, ${t.border});
  &:focus {
    outline: none;
  }
  @media (max-width: 600px) {
    padding: 16px;
  }
`;
const ResultHead = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  h3 {
    margin: 0;
    font-size: clamp(1.25rem, 2.6vw, 1.6rem);
  }
  p {
    margin: 4px 0 0;
    color: ${t.textMuted};
    overflow-wrap: anywhere;
  }
  svg {
    flex: none;
  }
`;
const Writing = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  color: ${t.textMuted};
  font-size: 0.95rem;
`;
const ProviderNote = styled.p`
  margin: 0;
  font-size: 0.82rem;
  color: ${t.textMuted};
`;
const SaveBlock = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px 20px;
  padding: 16px 18px;
  border-radius: 12px;
  background: ${t.bgSunken};
  border: 1px solid ${t.border};
  h4 {
    margin: 0 0 2px;
    font-size: 1.05rem;
  }
  p {
    margin: 0;
    color: ${t.textMuted};
    font-size: 0.92rem;
  }
  > div {
    flex: 1 1 260px;
  }
  @media (max-width: 600px) {
    button {
      width: 100%;
    }
  }
`;

/** One described input: a text area when multi-line, else an input; capped at its limit. */
function InputField({
  spec: f,
  values,
  onChange,
  refs,
}: {
  spec: ValidationInputSpec;
  values: FormValues;
  onChange: (name: ValidationInputName, value: string) => void;
  refs: Partial<Record<ValidationInputName, HTMLInputElement | HTMLTextAreaElement | null>>;
}) {
  const name = f.name as ValidationInputName;
  const common = { name, value: values[name], maxLength: f.max, placeholder: f.placeholder };
  return (
    <Field label={f.label}>
      {f.multiline ? (
        <TextArea {...common} rows={4} ref={(el) => void (refs[name] = el)} onChange={(e) => onChange(name, e.target.value)} />
      ) : (
        <Input {...common} ref={(el) => void (refs[name] = el)} onChange={(e) => onChange(name, e.target.value)} />
      )}
    </Field>
  );
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/**
 * Step 1, the Idea Validation Lab: the three inputs, Val's streamed analysis, the result with the
 * mentor, and the PDF report. The finished validation goes to the shell through `onValidated`;
 * the shell passes it back as `validation`, so a reload shows the stored result.
 */
export function ValidationLab({ validation, onValidated, apiBase = '' }: ValidationLabProps) {
  const [values, setValues] = useState<FormValues>(() => formValues(validation));
  const setValue = (name: ValidationInputName, value: string) => setValues((v) => ({ ...v, [name]: value }));
  // The validation run (a streamed flow, see ./labRun): its state, its number and its own AbortController.
  const [{ running, live, result, provider, sheet }, dispatch] = useReducer(labRunReducer, IDLE_RUN);
  const pending = running !== null;
  const runs = useRef(0);
  const abortRef = useRef<AbortController | null>(null);
  const [pdfBusy, setPdfBusy] = useState(false);
  const [scrollToken, setScrollToken] = useState(0);
  const resultRef = useRef<HTMLDivElement>(null);
  const frame = useRef<number | null>(null);
  const latest = useRef('');
  const formRef = useRef<HTMLFormElement>(null);
  const fieldRefs = useRef<Partial<Record<ValidationInputName, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  // Shareable validations: the current result's id, the version being edited, and the comparison shown.
  const [currentId, setCurrentIdState] = useState<string | null>(null);
  const [base, setBase] = useState<{ id: string; title: string } | null>(null);
  const [comparison, setComparison] = useState<ValidationComparison | null>(null);
  const [comparing, setComparing] = useState(false);
  const [hasMine, setHasMine] = useState(hasOwnValidations);
  const [basisOpen, setBasisOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();

  const shown = pending ? null : (result ?? validation);

  const setCurrentId = useCallback((id: string | null, idea = '') => {
    setCurrentIdState(id);
    void bits().then((m) => m.keepLabCurrent(id, idea));
  }, []);

  // A result restored by the shell gets its id back (its link and versions), once.
  const restoredIdea = useRef(validation?.idea);
  useEffect(() => {
    const idea = restoredIdea.current;
    if (idea && hasOwnValidations()) void bits().then((m) => setCurrentIdState((id) => id ?? m.labCurrentFor(idea)));
  }, []);

  useEffect(() => {
    const refresh = () => setHasMine(hasOwnValidations());
    window.addEventListener(MY_VALIDATIONS_EVENT, refresh);
    window.addEventListener('storage', refresh);
    return () => {
      window.removeEventListener(MY_VALIDATIONS_EVENT, refresh);
      window.removeEventListener('storage', refresh);
    };
  }, []);

  const reset = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    dispatch({ type: 'reset' });
    setValues(formValues());
    setBase(null);
    setComparison(null);
    setCurrentId(null);
  }, [setCurrentId]);

  useEffect(() => {
    window.addEventListener(START_OVER_EVENT, reset);
    return () => {
      window.removeEventListener(START_OVER_EVENT, reset);
      abortRef.current?.abort();
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    };
  }, [reset]);

  // A result restored by the shell (after a reload) fills the form it came from.
  useEffect(() => {
    if (validation && !pending && !result) {
      const restored = formValues(validation);
      setValues(
        (v) => Object.fromEntries(FIELDS.map((f) => [f.name, v[f.name as ValidationInputName] || restored[f.name as ValidationInputName]])) as FormValues,
      );
    }
    if (validation) {
      preloadMarkdown();
      void loadAvatar();
    }
  }, [validation, pending, result]);

  useEffect(() => {
    if (!scrollToken || !resultRef.current) return;
    resultRef.current.scrollIntoView({ behavior: 'smooth', block: 'start' });
    resultRef.current.focus({ preventScroll: true });
  }, [scrollToken]);

  /** Shows run `run`'s streamed text at most once per frame. */
  const showLive = (run: number, text: string) => {
    latest.current = text;
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      dispatch({ type: 'text', run, text: latest.current });
    });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(formRef.current ? basisChoiceOf(formRef.current) : {});
  };

  /** Validates the form's words on the founder's basis (`choice`: none = what the words say). */
  const run = async (choice: BasisChoice) => {
    if (pending) return;
    const input = { ...trimmedInputs(values), ...choice };
    if (missingInputs(input).length) {
      toast(LAB_TEXT.missing);
      return;
    }
    preloadMarkdown();
    void loadAvatar();
    // A new run: its own number and AbortController. Its state changes go through the reducer, which drops those of a
    // run no longer current; the side effects below (the shell, the list, toasts) check the run's own signal.
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    const n = ++runs.current;
    latest.current = '';
    dispatch({ type: 'started', run: n });
    const handlers = {
      onMeta: (p: AiProviderName) => dispatch({ type: 'provider', run: n, provider: p }),
      onText: (text: string) => showLive(n, text),
      onFallback: () => showLive(n, ''),
    };
    try {
      const r = await validateIdea(apiBase, input, handlers, controller.signal);
      if (controller.signal.aborted) return;
      const data: ValidationData = { ...inputsOf(r), feedback: r.feedback };
      dispatch({ type: 'answered', run: n, result: data, sheet: r.factSheet, provider: r.provider ?? null });
      setComparison(null);
      if (r.id) {
        const own = { id: r.id, idea: r.idea, score: r.score ?? null, deleteToken: r.deleteToken };
        void bits().then((m) => m.rememberValidation(own));
        setCurrentId(r.id, r.idea);
      } else {
        setCurrentId(null);
      }
      const from = base;
      setBase(null);
      if (from && r.id) void compare(from.id, r.id);
      onValidated?.(data);
      setScrollToken((n) => n + 1);
    } catch (err) {
      if (controller.signal.aborted) return;
      dispatch({ type: 'failed', run: n });
      console.error('Validation failed', err);
      // The spec's toast; on a 429 the server's reason (when to retry) follows its text.
      const reason = refusalReason(err);
      toast(reason ? { ...LAB_TEXT.failed, description: `${LAB_TEXT.failed.description} ${reason}` } : LAB_TEXT.failed);
    }
  };

  /** Shows what changed from `baseId` to `headId` in the result. */
  const compare = async (baseId: string, headId: string) => {
    setComparing(true);
    const c = await bits().then((m) => m.comparisonOrToast(apiBase, baseId, headId));
    if (c) setComparison(c);
    setComparing(false);
  };

  /** Pre-fills the form from a version; the next result is compared with it. */
  const editVersion = (v: ValidationData & { id: string }) => {
    setValues(formValues(v));
    setBase({ id: v.id, title: clip(v.idea, 80) });
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    fieldRefs.current[EDIT_FOCUS]?.focus({ preventScroll: true });
  };
  const editFrom = async (id: string) => {
    const v = await bits().then((m) => m.versionOrToast(apiBase, id));
    if (v) editVersion(v);
  };
  const editFromRef = useRef(editFrom);
  editFromRef.current = editFrom;

  // 'Validate a new version' on a permalink page comes here as /?edit=<id>.
  useEffect(() => {
    const id = new URLSearchParams(location.search).get('edit');
    if (!id) return;
    navigate({ pathname: location.pathname, search: '', hash: location.hash }, { replace: true });
    void editFromRef.current(id);
  }, [location.search, location.pathname, location.hash, navigate]);

  const onDeleted = (id: string) => {
    if (id === currentId) setCurrentId(null);
    if (comparison && (comparison.base.id === id || comparison.head.id === id)) setComparison(null);
    if (base?.id === id) setBase(null);
  };

  const downloadPdf = async () => {
    if (!shown || pdfBusy) return;
    setPdfBusy(true);
    try {
      await downloadValidationReportWithToasts(shown, { done: LAB_TEXT.pdfDone, failed: LAB_TEXT.pdfFailed });
    } finally {
      setPdfBusy(false);
    }
  };

  return (
    <Root data-remote="validation" data-view="lab">
      <Intro>
        <Badge $tone="purple" data-step-pill>
          Step 1
        </Badge>
        <Heading>Idea Validation Lab</Heading>
        <Muted>
          Describe your idea, who it is for and the problem it solves. Val, your AI startup mentor, answers with a scored analysis: market, customer, urgency,
          revenue, risks and your next steps.
        </Muted>
      </Intro>

      <Form ref={formRef} onSubmit={submit} onFocus={preloadApiClient} noValidate aria-label="Validate your startup idea" aria-busy={pending}>
        {base && (
          <Suspense fallback={null}>
            <VersionNote title={base.title} onCancel={() => setBase(null)} />
          </Suspense>
        )}
        {FORM_GROUPS.map((group) =>
          group[0].multiline ? (
            <InputField key={group[0].name} spec={group[0]} values={values} onChange={setValue} refs={fieldRefs.current} />
          ) : (
            <Row key={group[0].name}>
              {group.map((f) => (
                <InputField key={f.name} spec={f} values={values} onChange={setValue} refs={fieldRefs.current} />
              ))}
            </Row>
          ),
        )}
        <BasisBox data-testid="form-basis" onToggle={(e) => e.currentTarget.open && setBasisOpen(true)}>
          <summary>Basis (optional)</summary>
          <p>Val reads your market, buyer and price from your words. Set any of them here and they win.</p>
          {basisOpen && (
            <Suspense fallback={<Spinner $size={16} aria-hidden />}>
              <FormBasisFields testIdPrefix="form-basis" />
            </Suspense>
          )}
        </BasisBox>
        <Submit type="submit" $block disabled={pending}>
          {pending && <Spinner $size={18} aria-hidden />}
          {pending ? LAB_TEXT.pending : LAB_TEXT.submit}
        </Submit>
        <Small>Free, no signup required.</Small>
      </Form>

      {pending && (
        <ResultCard aria-live="polite" aria-busy data-testid="validation-live">
          <ResultHead>
            <ValAvatar size={56} />
            <div>
              <Writing>
                <Spinner $size={16} aria-hidden /> Val is analysing your idea…
              </Writing>
            </div>
          </ResultHead>
          {live && <Feedback text={live} />}
        </ResultCard>
      )}

      {shown && (
        <ResultCard ref={resultRef} tabIndex={-1} data-testid="validation-result" aria-labelledby="val-result-heading">
          <ResultHead>
            <ValAvatar size={72} />
            <div>
              <h3 id="val-result-heading">{LAB_TEXT.resultHeading}</h3>
              <p>Your idea: “{clip(shown.idea, 140)}”</p>
            </div>
          </ResultHead>
          <Suspense fallback={null}>
            {comparing && <Comparing />}
            {comparison && comparison.head.id === currentId && <Comparison comparison={comparison} />}
          </Suspense>
          <Feedback text={shown.feedback} testId="validation-feedback" />
          <Suspense fallback={null}>
            <LabSheet sheet={sheet} id={currentId} apiBase={apiBase} />
            <ChangeBasis sheet={isValidationSheet(sheet) ? sheet : null} disabled={pending} onRun={(choice) => void run(choice)} />
            {currentId && <ResultActions id={currentId} onEdit={() => editVersion({ ...shown, id: currentId })} />}
          </Suspense>
          {provider === 'offline' && <ProviderNote data-testid="provider-note">{LAB_TEXT.offlineNote}</ProviderNote>}
          <SaveBlock>
            <div>
              <h4>{LAB_TEXT.save}</h4>
              <p>Download Val’s analysis as a PDF report to share with co-founders, mentors or investors.</p>
            </div>
            <Button type="button" onClick={downloadPdf} disabled={pdfBusy} aria-busy={pdfBusy}>
              {pdfBusy ? LAB_TEXT.generating : LAB_TEXT.download}
            </Button>
          </SaveBlock>
        </ResultCard>
      )}

      {hasMine && (
        <Suspense fallback={null}>
          <MyValidations
            apiBase={apiBase}
            currentId={shown ? currentId : null}
            onCompare={(id) => {
              if (!currentId) return;
              void compare(id, currentId);
              setScrollToken((n) => n + 1);
            }}
            onEdit={(id) => void editFrom(id)}
            onDeleted={onDeleted}
          />
        </Suspense>
      )}
    </Root>
  );
}
