import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'UTKARSH',
  names: [/\bUTKARSH\b/i],
  flow: 'after',
  referenceJoin: '',
});
