import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'KOTAK',
  names: [/\bKOTAK\b/i],
  ifscPrefix: 'KKBK0',
  flow: 'after',
  referenceJoin: '',
});
