import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'BOB',
  names: [/\bBANK\s+OF\s+BARODA\b/i],
  flow: 'after',
  referenceJoin: '',
  // consolidated statements: 'Account Number : 1211… ACCOUNT 2 OF 3' starts an account; '(contd.)' does not
  accountStart: (line) => {
    if (/\(contd\.?\)/i.test(line.text)) return null;
    const m = /^account\s+number\s*:\s*(\d{6,})/i.exec(line.text);
    return m ? m[1]! : null;
  },
});
