// The current authenticator-app code of a base32 secret (RFC 6238), for the demo logins that need a second factor:
//   npx tsx scripts/totp.ts JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP
import { codeAt, fromBase32, timeStep } from '../server/domain/auth/second-factor/totp.ts';
import { DEMO_TOTP_SECRET } from '../server/seed/second-factors.ts';

console.log(codeAt(fromBase32(process.argv[2] ?? DEMO_TOTP_SECRET), timeStep(new Date())));
