import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'HDFC',
  names: [/\bHDFC\s+BANK\b/i],
  ifscPrefix: 'HDFC0',
  flow: 'after',
  referenceJoin: '',
});
