import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Link } from '@val/ui/router';
import { validationPermalink } from '@val/contracts';
import { Button, t, toast } from '@val/ui';
import { MY_VALIDATIONS_EVENT, MY_VALIDATIONS_KEY, forgetValidation, readMyValidations, type MyValidation } from '../lib/myValidations';
import { DELETE_TOASTS, deleteValidation } from '../lib/validations';

/** Texts of the list. */
export const MY_TEXT = {
  heading: 'My validations',
  note: 'Kept in this browser only: nobody else can list them. Each one has its own link.',
  open: 'Open',
  compare: 'Compare with current',
  edit: 'Edit and re-validate',
  delete: 'Delete',
  confirm: 'Delete for good? Its link will stop working.',
  cancel: 'Keep',
  ...DELETE_TOASTS,
} as const;

const Root = styled.section`
  display: flex;
  flex-direction: column;
  gap: 12px;
  h3 {
    margin: 0;
    font-size: 1.2rem;
  }
  > p {
    margin: 0;
    color: ${t.textMuted};
    font-size: 0.9rem;
  }
`;
const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
`;
const Item = styled.li<{ $current: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  padding: 12px 14px;
  border-radius: 12px;
  background: ${t.bgElevated};
  border: 1px solid ${(p) => (p.$current ? t.purple : t.border)};
  > div:first-child {
    flex: 1 1 280px;
    min-width: 0;
  }
  a.title {
    color: ${t.text};
    font-weight: 600;
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  a.title:hover {
    text-decoration: underline;
  }
`;
const Meta = styled.p`
  margin: 2px 0 0;
  font-size: 0.85rem;
  color: ${t.textMuted};
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  strong {
    color: ${t.text};
  }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
  button,
  a {
    min-height: 36px;
    padding: 6px 12px;
    font-size: 0.88rem;
  }
  @media (max-width: 600px) {
    width: 100%;
    button,
    a {
      flex: 1 1 auto;
    }
  }
`;
const SmallLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  border-radius: 10px;
  font-weight: 600;
  text-decoration: none;
  color: ${t.text};
  background: ${t.bgSunken};
  border: 1px solid ${t.border};
`;
const Confirm = styled.p`
  margin: 0;
  width: 100%;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  font-size: 0.9rem;
`;

export interface MyValidationsProps {
  apiBase: string;
  /** The lab's current result, marked in the list and the one "Compare" compares with. */
  currentId: string | null;
  onCompare(id: string): void;
  onEdit(id: string): void;
  onDeleted(id: string): void;
}

/** The visitor's own validations (this browser), newest first: open, compare, edit, delete. */
export default function MyValidations({ apiBase, currentId, onCompare, onEdit, onDeleted }: MyValidationsProps) {
  const [list, setList] = useState<MyValidation[]>(readMyValidations);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    const refresh = () => setList(readMyValidations());
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === MY_VALIDATIONS_KEY) refresh();
    };
    window.addEventListener(MY_VALIDATIONS_EVENT, refresh);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(MY_VALIDATIONS_EVENT, refresh);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const remove = async (v: MyValidation) => {
    if (!v.deleteToken || busy) return;
    setBusy(v.id);
    try {
      await deleteValidation(apiBase, v.id, v.deleteToken);
      forgetValidation(v.id);
      onDeleted(v.id);
      toast({ ...MY_TEXT.deleted, variant: 'success' });
    } catch (err) {
      console.error('Deleting the validation failed', err);
      toast(MY_TEXT.deleteFailed);
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  };

  if (!list.length) return null;
  return (
    <Root data-testid="my-validations" aria-labelledby="val-my-heading">
      <h3 id="val-my-heading">{MY_TEXT.heading}</h3>
      <p>{MY_TEXT.note}</p>
      <List>
        {list.map((v) => (
          <Item key={v.id} $current={v.id === currentId} data-id={v.id} data-testid="my-validation">
            <div>
              <Link className="title" to={validationPermalink(v.id)}>
                {v.title}
              </Link>
              <Meta>
                <span>{new Date(v.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}</span>
                <span>
                  Score <strong>{v.score === null ? '—' : `${v.score.toFixed(1)}/10`}</strong>
                </span>
                {v.id === currentId && <span>· shown above</span>}
              </Meta>
            </div>
            <Actions>
              <SmallLink to={validationPermalink(v.id)}>{MY_TEXT.open}</SmallLink>
              {currentId && v.id !== currentId && (
                <Button type="button" $variant="secondary" onClick={() => onCompare(v.id)}>
                  {MY_TEXT.compare}
                </Button>
              )}
              <Button type="button" $variant="secondary" onClick={() => onEdit(v.id)}>
                {MY_TEXT.edit}
              </Button>
              {v.deleteToken && (
                <Button type="button" $variant="ghost" onClick={() => setConfirming(v.id)} aria-expanded={confirming === v.id}>
                  {MY_TEXT.delete}
                </Button>
              )}
            </Actions>
            {confirming === v.id && (
              <Confirm role="group" aria-label={MY_TEXT.confirm}>
                <span>{MY_TEXT.confirm}</span>
                <Button type="button" $variant="danger" onClick={() => void remove(v)} disabled={busy === v.id} data-testid="confirm-delete">
                  {MY_TEXT.delete}
                </Button>
                <Button type="button" $variant="ghost" onClick={() => setConfirming(null)}>
                  {MY_TEXT.cancel}
                </Button>
              </Confirm>
            )}
          </Item>
        ))}
      </List>
    </Root>
  );
}
