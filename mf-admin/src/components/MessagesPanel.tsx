import { useEffect, useEffectEvent } from 'react';
import type { AdminApi } from '../api';
import { useMessages } from '../queries';
import { MessagesList, messagesFailedToast } from './MessagesTab';

/** The Messages tab over the messages query: pages load with "Load more"; a 401 ends the session. */
export function MessagesPanel({ api, onUnauthorized }: { api: AdminApi; onUnauthorized: () => void }) {
  const query = useMessages(api);
  const pages = query.data?.pages;
  const ended = pages?.some((p) => p === null) ?? false;
  const messages = pages && !ended ? pages.flatMap((p) => p?.messages ?? []) : null;
  const total = pages?.at(-1)?.total ?? 0;

  // What an answer means beyond the list: a page answered 401 sends the page back to the login
  // form; a failed request toasts (the pages already shown stay).
  const onAnswer = useEffectEvent(() => {
    if (query.fetchStatus !== 'idle') return;
    if (query.status === 'success' && ended) onUnauthorized();
    else if (query.status === 'error') messagesFailedToast();
  });
  useEffect(() => onAnswer(), [query.dataUpdatedAt, query.errorUpdatedAt]);

  return <MessagesList messages={messages} total={total} busy={query.isFetching} onMore={() => void query.fetchNextPage()} />;
}
