import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { StoredValidationView, ValidationComparison, ValidationFactSheet } from '@val/contracts';
import { Button, Spinner, t, toast } from '@val/ui';
import { copyPermalink } from '../lib/copyLink';
import { readLabCurrent, writeLabCurrent } from '../lib/myValidations';
import ValidationSheet, { isValidationSheet } from '../sheet/ValidationSheet';
import { fetchComparison, fetchValidation, isValidationId } from '../lib/validations';

export { rememberValidation } from '../lib/myValidations';
export { default as Comparison } from './Comparison';
export { default as MyValidations } from './MyValidations';

/** Keeps (or clears) the lab's current result id, so a reload can offer its link again. */
export const keepLabCurrent = (id: string | null, idea: string): void => writeLabCurrent(id ? { id, idea } : null);

/** The stored id of the lab's current result, when it belongs to the result the shell restored. */
export const labCurrentFor = (idea: string): string | null => {
  const c = readLabCurrent();
  return c && c.idea === idea ? c.id : null;
};

/*
 * The lab's issue-17 pieces that only show once there is a result or a version being edited: a
 * lazily loaded chunk, so the landing page does not carry them.
 */

/** Texts of the lab's versions. */
export const VERSION_TEXT = {
  copyLink: 'Copy link',
  editRevalidate: 'Edit and re-validate',
  newVersion: (title: string) => `New version of “${title}”: change what you learned, then get Val’s feedback again. The new result is compared with this one.`,
  cancelVersion: 'Cancel',
  comparing: 'Comparing with the earlier version…',
  compareFailed: { title: 'Error', description: 'Could not compare the two versions. Please try again.' },
  versionMissing: { title: 'Not found', description: 'That validation does not exist any more.' },
} as const;

const Note = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  padding: 10px 14px;
  border-radius: 12px;
  border: 1px solid ${t.purple};
  background: color-mix(in srgb, ${t.purple} 10%, transparent);
  font-size: 0.92rem;
  span {
    flex: 1 1 260px;
    overflow-wrap: anywhere;
  }
  button {
    min-height: 36px;
    padding: 6px 12px;
  }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
  @media (max-width: 600px) {
    button {
      flex: 1 1 auto;
    }
  }
`;
const Busy = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  color: ${t.textMuted};
  font-size: 0.95rem;
`;

/**
 * The result's "numbers behind this analysis": the answer's sheet, or, for a result restored
 * after a reload, the stored validation's (fetched once by its id). Nothing when neither has one.
 *
 * A plain effect with an AbortController, not a TanStack Query query: this chunk is the lab's, on
 * the landing page (loaded with a result, and at once for a returning visitor's "My validations"),
 * and a query would bring @tanstack/react-query (~13 KB gzip) to that page for one read. The
 * cleanup aborts the read of an id no longer shown; `stored.id === id` shows only the current id's.
 */
export function LabSheet({ sheet, id, apiBase }: { sheet: unknown; id: string | null; apiBase: string }) {
  const [stored, setStored] = useState<{ id: string; sheet: ValidationFactSheet } | null>(null);
  const own = isValidationSheet(sheet);
  useEffect(() => {
    if (own || !id || stored?.id === id) return;
    const c = new AbortController();
    fetchValidation(apiBase, id, c.signal)
      .then((v) => {
        if (!c.signal.aborted && isValidationSheet(v?.factSheet)) setStored({ id, sheet: v.factSheet });
      })
      .catch((e: unknown) => console.warn('The numbers behind this analysis could not be loaded', e));
    return () => c.abort();
  }, [own, id, apiBase, stored?.id]);
  const shown = own ? sheet : stored?.id === id ? stored.sheet : null;
  return shown ? <ValidationSheet sheet={shown} level={4} /> : null;
}

/** Above the form while a version is edited: what the next result is compared with. */
export function VersionNote({ title, onCancel }: { title: string; onCancel(): void }) {
  return (
    <Note data-testid="version-note">
      <span>{VERSION_TEXT.newVersion(title)}</span>
      <Button type="button" $variant="ghost" onClick={onCancel}>
        {VERSION_TEXT.cancelVersion}
      </Button>
    </Note>
  );
}

/** "Comparing…" while the comparison loads. */
export function Comparing() {
  return (
    <Busy>
      <Spinner $size={16} aria-hidden /> {VERSION_TEXT.comparing}
    </Busy>
  );
}

/** Under a stored result: 'Edit and re-validate' and 'Copy link'. */
export function ResultActions({ id, onEdit }: { id: string; onEdit(): void }) {
  return (
    <Actions>
      <Button type="button" $variant="secondary" onClick={onEdit}>
        {VERSION_TEXT.editRevalidate}
      </Button>
      <Button type="button" $variant="secondary" onClick={() => void copyPermalink(id)}>
        {VERSION_TEXT.copyLink}
      </Button>
    </Actions>
  );
}

/** The comparison of two versions, or null after the error toast. */
export async function comparisonOrToast(apiBase: string, baseId: string, headId: string): Promise<ValidationComparison | null> {
  try {
    return await fetchComparison(apiBase, baseId, headId);
  } catch (err) {
    console.error('Comparing the validations failed', err);
    toast(VERSION_TEXT.compareFailed);
    return null;
  }
}

/** A stored version to edit, or null after the 'not found' toast. */
export async function versionOrToast(apiBase: string, id: string): Promise<StoredValidationView | null> {
  const v = isValidationId(id)
    ? await fetchValidation(apiBase, id).catch((err: unknown) => {
        console.error('Loading the validation failed', err);
        return null;
      })
    : null;
  if (!v) toast(VERSION_TEXT.versionMissing);
  return v;
}
