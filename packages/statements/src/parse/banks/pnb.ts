import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'PNB',
  names: [/\bPUNJAB\s+NATIONAL\s+BANK\b/i, /^PNB\b/i],
  flow: 'after',
  referenceJoin: '',
});
