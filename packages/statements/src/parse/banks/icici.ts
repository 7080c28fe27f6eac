import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'ICICI',
  names: [/\bICICI\s+BANK\b/i],
  // the NetBanking export has no IFSC or bank name, only its column headers
  headerHints: [/\bS No\.?/i, /Transaction Remarks/i, /Withdrawal Amount/i],
  flow: 'after',
  referenceJoin: '',
});
