// identity-and-catalogue §2 currencies menu entry /currencies/list: schemas/tables/currencies.json; a failed load
// shows the server's message, else 'Could not pull currencies data...' (users-and-wallets §8).
import { useNavigate } from 'react-router';
import { TableScreen } from '../../../render/table';
import { CURRENCIES_FAILED } from '../messages';

const CURRENCIES_OPTIONS = { errorFallback: CURRENCIES_FAILED };

export function CurrenciesScreen() {
  const navigate = useNavigate();
  return (
    <TableScreen
      tableId="currencies"
      options={CURRENCIES_OPTIONS}
      flows={{ newCurrency: () => void navigate('/currencies/new') }}
    />
  );
}
