import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'PNB',
  names: [/\bPUNJAB\s+NATIONAL\s+BANK\b/i, /^PNB\b/i],
  ifscPrefix: 'PUNB0',
  flow: 'after',
  referenceJoin: '',
});
