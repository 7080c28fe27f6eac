import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'ICICI',
  names: [/\bICICI\s+BANK\b/i],
  ifscPrefix: 'ICIC0',
  flow: 'after',
  referenceJoin: '',
});
