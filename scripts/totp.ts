// The current authenticator-app code of a base32 secret (RFC 6238, by otplib), for the demo logins that need a second
// factor:
//   npx tsx scripts/totp.ts JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP
import { generate } from 'otplib';
import { DEMO_TOTP_SECRET } from '../server/seed/second-factors.ts';

console.log(await generate({ secret: process.argv[2] ?? DEMO_TOTP_SECRET }));
