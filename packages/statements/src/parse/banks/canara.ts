import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'CANARA',
  names: [/\bCANARA\s+BANK\b/i],
  // 'BRANCH REF/CHQ.NO' holds the posting branch's code unless a cheque number is printed there
  referenceIgnore: /^\d{1,5}$/,
  flow: 'after',
  referenceJoin: '',
});
