import type { Rng } from './prng.ts';

const WORDS = (
  'the a of to and in is for on with that this it as be are by from at or an was not can will your ' +
  'order refund account invoice shipping delivery password reset login error timeout latency model ' +
  'prompt token context answer question summary document search result customer support ticket ' +
  'policy price plan upgrade cancel subscription report chart metric dashboard query database table ' +
  'retry request response deploy release version feature flag region cluster node cache index'
).split(' ');

/** A sentence-like text of about `chars` characters (words from a fixed list, so it compresses like prose). */
export function sentence(rng: Rng, chars: number): string {
  const parts: string[] = [];
  let n = 0;
  while (n < chars) {
    const w = rng.pick(WORDS);
    parts.push(w);
    n += w.length + 1;
  }
  const s = parts.join(' ');
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}.`;
}
