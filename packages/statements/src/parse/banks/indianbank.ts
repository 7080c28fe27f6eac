import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'INDIANBANK',
  names: [/^INDIAN\s+BANK\b/i],
  ifscPrefix: 'IDIB0',
  flow: 'after',
  referenceJoin: '',
});
