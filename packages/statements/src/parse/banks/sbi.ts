import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'SBI',
  names: [/\bSTATE\s+BANK\s+OF\s+INDIA\b/i, /^SBI\b/],
  flow: 'after',
  referenceJoin: ' ',
});
