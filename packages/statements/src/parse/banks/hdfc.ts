import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'HDFC',
  names: [/\bHDFC\s+BANK\b/i],
  flow: 'after',
  referenceJoin: '',
});
