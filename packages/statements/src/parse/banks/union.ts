import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'UNION',
  names: [/\bUNION\s+BANK\b/i],
  flow: 'after',
  referenceJoin: '',
});
