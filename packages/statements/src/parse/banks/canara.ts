import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'CANARA',
  names: [/\bCANARA\s+BANK\b/i],
  ifscPrefix: 'CNRB0',
  flow: 'after',
  referenceJoin: '',
});
