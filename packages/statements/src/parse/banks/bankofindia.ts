import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'BANKOFINDIA',
  names: [/^BANK\s+OF\s+INDIA\b/i],
  flow: 'after',
  referenceJoin: '',
});
