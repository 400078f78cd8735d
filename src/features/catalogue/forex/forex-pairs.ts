// identity-and-catalogue §2 forex: one card per currency pair of the product, every sending currency against every
// receiving one, with the saved rates where the pair has them (a pair is saved by its first Edit).
import type { RecordOf, RowOf } from '../../../api/resource';

type ProductDetail = RecordOf<'getProduct'>;
type ForexRecord = RowOf<'listForex'>;

export interface ForexPair {
  key: string;
  base: { id: string; code: string; symbol: string };
  quote: { id: string; code: string; symbol: string };
  forex: ForexRecord | null;
}

export function forexPairs(product: Pick<ProductDetail, 'SendingCurrency' | 'ReceivingCurrency'>, saved: readonly ForexRecord[]): ForexPair[] {
  const pairs: ForexPair[] = product.SendingCurrency.flatMap((base) =>
    product.ReceivingCurrency.map((quote) => ({
      key: `${base.id}-${quote.id}`,
      base: { id: base.id, code: base.code, symbol: base.symbol },
      quote: { id: quote.id, code: quote.code, symbol: quote.symbol },
      forex: saved.find((forex) => forex.baseCurrency.id === base.id && forex.quoteCurrency.id === quote.id) ?? null,
    })),
  );
  // A saved pair whose currency has left the product's lists still shows.
  const orphans = saved
    .filter((forex) => !pairs.some((pair) => pair.forex?.id === forex.id))
    .map((forex) => ({ key: `${forex.baseCurrency.id}-${forex.quoteCurrency.id}`, base: forex.baseCurrency, quote: forex.quoteCurrency, forex }));
  return [...pairs, ...orphans];
}
