// identity-and-catalogue §8, remittances-and-payouts §8: the dashboards' failure text, two spaces as written.
export const DATA_NOT_FOUND = 'Data not found.  Please try again later';
