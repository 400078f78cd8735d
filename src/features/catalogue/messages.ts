// identity-and-catalogue §8 (and users-and-wallets §5, §8): the catalogue screens' texts as staff know them, typos and
// double spaces included.
export const CURRENCY_CREATED = 'Currency Creation Successful';
export const PAYMENT_OPTION_ADDED = 'Payment Option added Successful';
export const SERVICE_ADDED = 'Service added Successful';
export const PRODUCT_CREATED = 'Product Creation Successful';
export const SAVE_SUCCESS = 'Save Success';
export const FEE_CREATED = 'Fee Creation Successful';
export const FEE_DELETED = 'Fee Deletion Successful';
export const DELETED = 'Deleted';
export const FOREX_SAVED = 'Forex has settings has been saved';

/** Currency, payment option and service failures; fee delete and update failures. */
export const CURRENCIES_FAILED = 'Could not pull currencies data...';
/** Products list and fee list failures. */
export const FEES_FAILED = 'Could not pull fees data...';
/** Payment methods load failure. */
export const PAYMENT_METHODS_FAILED = 'There was an getting the groups.  Please Try Again later.';
/** The fees and forex screens' product list failure. */
export const PRODUCTS_LOAD_FAILED = 'There was an getting products.  Please Try Again later.';
/** A product selector's load failure elsewhere (users-and-wallets §8). */
export const PRODUCTS_FAILED = 'There was an error in getting products.  Please Try Again later.';
/** The fees screen's currency list failure (users-and-wallets §8). */
export const CURRENCY_LIST_FAILED = 'There was an getting currencies.  Please Try Again later.';
/** Product create, read and update failures; fee create failure. */
export const CLIENT_FAILED = 'There was an error loggin in the client.  Please Try Again later.';

export const SELECT_PRODUCT = 'Please select a Product';
export const SELECT_CURRENCY = 'Please select a Currency';
