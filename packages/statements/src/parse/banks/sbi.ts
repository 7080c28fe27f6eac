import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'SBI',
  names: [/\bSTATE\s+BANK\s+OF\s+INDIA\b/i, /^SBI\b/],
  ifscPrefix: 'SBIN0',
  flow: 'after',
  referenceJoin: ' ',
});
