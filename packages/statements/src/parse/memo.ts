// The reader asks the same questions of the same texts many times over (a statement prints the
// same few hundred dates thousands of times, and each cell is asked whether it is a date, a figure
// or a mark by several rules; issue 19). Answers are kept by text, up to a bound.

const MEMO_MAX = 8192;

/** `read`, with its answers kept by text, `most` at a time (the answer must not be changed by callers). */
export function memoByText<T>(read: (text: string) => T, most = MEMO_MAX): (text: string) => T {
  const kept = new Map<string, T>();
  return (text) => {
    let answer = kept.get(text);
    if (answer === undefined && !kept.has(text)) {
      answer = read(text);
      if (kept.size >= most) kept.clear();
      kept.set(text, answer);
    }
    return answer as T;
  };
}
