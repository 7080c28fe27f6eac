import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'KOTAK',
  names: [/\bKOTAK\b/i],
  flow: 'after',
  referenceJoin: '',
});
