import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'INDIANBANK',
  names: [/^INDIAN\s+BANK\b/i],
  flow: 'after',
  referenceJoin: '',
});
