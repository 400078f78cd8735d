// The command palette (Ctrl/⌘+K): the tenant's menu items, users found by account id, phone, e-mail or name and
// transactions found by reference (the gateway's search operations, scoped as the lists are). Loaded on first use,
// so neither the login route nor the shell's first paint carries @mantine/spotlight.
import '@mantine/spotlight/styles.layer.css';
import { useEffect, useMemo, useState } from 'react';
import { Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, createSpotlight, useSpotlight } from '@mantine/spotlight';
import { useNavigate } from 'react-router';
import { useStaffContext } from '../../config/staff-context';
import { useList } from '../../api/resource';
import { MIN_SEARCH_LENGTH, SEARCH_STALE_MS } from '../../api/search';
import { asUserRecord } from '../../features/users/user-record';
import { formatMoney } from '../../render/format';
import { matchingEntries, menuEntries, transactionAddress, userAddress } from './palette-entries';

const [paletteStore, palette] = createSpotlight();
const SEARCH_DELAY_MS = 250;

function actionsList(): HTMLElement | null {
  const { listId } = paletteStore.getState();
  return listId ? document.getElementById(listId) : null;
}

/** Marks the list's first action selected, as Spotlight's own selectAction(0) does. */
function selectFirstAction() {
  const list = actionsList();
  const first = list?.querySelector('[data-action]');
  if (!list || !first) return;
  list.querySelector('[data-selected]')?.removeAttribute('data-selected');
  first.setAttribute('data-selected', 'true');
  paletteStore.updateState((state) => ({ ...state, selected: 0 }));
}

export interface CommandPaletteProps {
  /** Grows with each Ctrl/⌘+K: each one opens the palette. */
  request: number;
}

export default function CommandPalette({ request }: CommandPaletteProps) {
  const { menu } = useStaffContext();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [text] = useDebouncedValue(query.trim(), SEARCH_DELAY_MS);
  const entries = useMemo(() => menuEntries(menu?.items ?? []), [menu]);
  // Look-ups scoped by the gateway as the users and wallet transactions lists are; the token's tenant keys them.
  const asked = text.length >= MIN_SEARCH_LENGTH ? { query: { 'filter[query]': text, 'page[size]': 8 } } : undefined;
  const users = useList('searchUsers', asked, { staleTime: SEARCH_STALE_MS });
  const transactions = useList('searchWalletTransactions', asked, { staleTime: SEARCH_STALE_MS });

  useEffect(() => {
    palette.open();
  }, [request]);

  const pages = matchingEntries(entries, query.trim());
  const foundUsers = text.length >= MIN_SEARCH_LENGTH ? (users.data?.rows.map(asUserRecord) ?? []) : [];
  const foundTransactions = text.length >= MIN_SEARCH_LENGTH ? (transactions.data?.rows ?? []) : [];
  const searching = text !== query.trim() || (text.length >= MIN_SEARCH_LENGTH && (users.isFetching || transactions.isFetching));
  const nothing = pages.length === 0 && foundUsers.length === 0 && foundTransactions.length === 0;
  const resultKey = [...pages.map((entry) => entry.route), ...foundUsers.map((user) => user.id), ...foundTransactions.map((row) => row.id)].join('|');
  // Spotlight selects the first action when the query changes; found users and transactions arrive later, so the
  // first one is selected again when they do, and Enter goes to it.
  useEffect(() => selectFirstAction(), [resultKey]);
  // The search field keeps the focus while ↑ ↓ choose, so the chosen action is read out from the status line.
  const { selected } = useSpotlight(paletteStore);
  const [chosen, setChosen] = useState('');
  useEffect(() => {
    const action = actionsList()?.querySelectorAll<HTMLElement>('[data-action]')[selected];
    setChosen((action?.innerText ?? '').trim().replace(/\s*\n\s*/g, ', '));
  }, [selected, resultKey]);

  return (
    <Spotlight.Root store={paletteStore} query={query} onQueryChange={setQuery} shortcut={null} scrollable maxHeight={440} title="Command palette">
      <Spotlight.Search placeholder="Go to a page, find a user or a transaction..." aria-label="Search pages, users and transactions" />
      <Spotlight.ActionsList aria-label="Results">
        {pages.length > 0 && (
          <Spotlight.ActionsGroup label="Go to">
            {pages.map((entry) => (
              <Spotlight.Action key={entry.route} label={entry.label} description={entry.path || undefined} onClick={() => void navigate(entry.route)} />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {foundUsers.length > 0 && (
          <Spotlight.ActionsGroup label="Users">
            {foundUsers.map((user) => (
              <Spotlight.Action
                key={user.id}
                label={user.fullname ?? user.id}
                description={[user.account?.accountId, user.phonenumber?.value, user.email?.value].filter(Boolean).join(' · ')}
                onClick={() => void navigate(userAddress(entries, user.id))}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {foundTransactions.length > 0 && (
          <Spotlight.ActionsGroup label="Transactions">
            {foundTransactions.map((transaction) => (
              <Spotlight.Action
                key={transaction.id}
                label={transaction.referenceNumber}
                description={`${transaction.typeName} · ${formatMoney(transaction.amount, transaction.currency)} · ${transaction.receiverName}`}
                onClick={() => void navigate(transactionAddress(transaction.referenceNumber))}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {nothing && <Spotlight.Empty>{searching ? 'Searching...' : 'Nothing found'}</Spotlight.Empty>}
      </Spotlight.ActionsList>
      <Text size="xs" c="dimmed" px="md" py={6} role="status" aria-live="polite">
        {searching ? 'Searching...' : `${pages.length} pages, ${foundUsers.length} users, ${foundTransactions.length} transactions${chosen ? `; Enter opens ${chosen}` : ''}`}
      </Text>
    </Spotlight.Root>
  );
}
