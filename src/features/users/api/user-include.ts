// users-and-wallets §7: the related parts the profile is fetched with, as the spec's client sends them.
export const USER_PROFILE_INCLUDE =
  'account,photo,document,phonenumber,email,wallet,names,birthdate,gender,nationality,account-action,createdby,created';

/** What the list columns read (users-and-wallets §2): no documents per row. */
export const USER_LIST_INCLUDE = 'account,photo,phonenumber,email,wallet';
