import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'BOM',
  names: [/\bBANK\s+OF\s+MAHARASHTRA\b/i],
  flow: 'after',
  referenceJoin: '',
});
