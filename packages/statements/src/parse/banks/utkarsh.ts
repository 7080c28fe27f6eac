import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'UTKARSH',
  names: [/\bUTKARSH\b/i],
  ifscPrefix: 'UTKS0',
  flow: 'after',
  referenceJoin: '',
});
