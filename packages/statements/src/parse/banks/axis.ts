import { defineBank } from '../profile.ts';

export default defineBank({
  code: 'AXIS',
  names: [/\bAXIS\s+BANK\b/i],
  // Axis centres the date and amounts vertically, so a wrapped narration starts above the date line
  flow: 'before',
  referenceJoin: '',
});
