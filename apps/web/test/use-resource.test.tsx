import { cleanup, render, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { useResource } from '../src/lib/use-resource.ts';

afterEach(() => cleanup());

/** Records, render by render, what useResource answered for `key`. */
function Probe(props: { keyName: string; seen: { key: string; data?: string; loading: boolean }[] }) {
  const res = useResource(props.keyName, async () => `data of ${props.keyName}`);
  props.seen.push({ key: props.keyName, data: res.data, loading: res.loading });
  return null;
}

describe('useResource', () => {
  it('is loading from the first render with a new key, while it still shows the data of the key before', async () => {
    const seen: { key: string; data?: string; loading: boolean }[] = [];
    const { rerender } = render(<Probe keyName="page-1" seen={seen} />);
    await waitFor(() => expect(seen.at(-1)).toEqual({ key: 'page-1', data: 'data of page-1', loading: false }));
    rerender(<Probe keyName="page-2" seen={seen} />);
    await waitFor(() => expect(seen.at(-1)).toEqual({ key: 'page-2', data: 'data of page-2', loading: false }));
    // Every render with page-2's key that still showed page-1's data said it was loading.
    const stale = seen.filter((s) => s.key === 'page-2' && s.data === 'data of page-1');
    expect(stale.length).toBeGreaterThan(0);
    expect(stale.every((s) => s.loading)).toBe(true);
  });
});
